/**
 * Arco's password field shows its text through an eye that is a focusable icon with no name and no
 * role. Its own module: the login page names its eye without loading the rest of arco-a11y.ts.
 */
export function mendPasswordEyes(root: ParentNode, showPassword: string): void {
  if (!showPassword) return;
  for (const eye of root.querySelectorAll('.arco-input-password-visibility-icon:not([role])')) {
    eye.setAttribute('role', 'button');
    eye.setAttribute('aria-label', showPassword);
  }
}

/** Keeps the eyes under `root` named while Arco redraws them (showing and hiding swap the icon); returns the stop. */
export function keepPasswordEyesNamed(root: Element, showPassword: () => string): () => void {
  const mend = () => mendPasswordEyes(root, showPassword());
  const observer = new MutationObserver(mend);
  observer.observe(root, { childList: true, subtree: true });
  mend();
  return () => observer.disconnect();
}
