/** Reading alarms aloud (SPEC §1 alarms, §8 message when the browser cannot). */

export function canSpeak(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** Queues `text` in the browser's voice for `lang`; false when the browser has no speech synthesis. */
export function speak(text: string, lang: string): boolean {
  if (!canSpeak()) return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  window.speechSynthesis.speak(utterance);
  return true;
}
