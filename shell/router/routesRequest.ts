import { endpoints } from '../api/endpoints';
import { store, tokenAtom } from '../state/atoms';

type RoutesAnswer = ReturnType<typeof endpoints.routes>;
let early: { key: string; answer: RoutesAnswer } | null = null;

const keyOf = (factoryId: string | null, lang: string) =>
  `${store.get(tokenAtom) ?? ''}\u0000${factoryId ?? ''}\u0000${lang}`;

/**
 * Asks for the menu of the factory a login is about to enter (the one the user last chose) beside
 * the list of factories, so that the guard finds it under way instead of asking after that list.
 */
export function requestRoutes(factoryId: string, lang: string): void {
  early = { key: keyOf(factoryId, lang), answer: endpoints.routes(factoryId) };
}

/** The menu asked for ahead for this session, factory and language, or asked now. */
export function takeRoutes(factoryId: string | null, lang: string): RoutesAnswer {
  const held = early;
  early = null;
  return held?.key === keyOf(factoryId, lang) ? held.answer : endpoints.routes(factoryId);
}
