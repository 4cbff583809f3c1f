/** What the login page decides from a login's answer (zod-free: the login page downloads no schema library). */
import type { LoginData } from './auth';
import type { SecondStep } from './security';

/** A password or mobile login answers a session, or the second step it still needs. */
export const isSecondStep = (a: LoginData | SecondStep): a is SecondStep => 'secondStep' in a;

/** Whether the user must choose a factory before entering: several to choose from and none (valid) chosen. */
export function needsFactoryChoice(factoryIds: readonly string[], chosen: string | null): boolean {
  return factoryIds.length > 1 && (chosen === null || !factoryIds.includes(chosen));
}
