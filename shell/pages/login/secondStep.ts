import { atom } from 'jotai';
import type { SecondStep } from '../../../model/security';

/** A login waiting for its second step (a code, or enrolment first), with the tenant it was for. */
export const secondStepAtom = atom<(SecondStep & { tenantCode: string }) | null>(null);
