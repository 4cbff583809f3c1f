import { z } from 'zod';

export type UserType = 'admin' | 'staff';

export interface CurrentUser {
  id: string;
  account: string;
  nickname: string;
  email: string | null;
  mobile: string | null;
  type: UserType;
  tenantId: string;
  tenantCode: string;
  tenantName: string;
  roles: { id: string; code: string; name: string }[];
}

export interface Factory {
  id: string;
  code: string;
  name: string;
  status: 'normal' | 'disabled';
}

/** `data` of `factory/getFactoryList`. */
export interface FactoryListData {
  factoryList: Factory[];
}

/** `data` of `cope`: corp info with a comma-separated language list (SPEC §3). */
export interface CorpInfo {
  tenantCode: string;
  tenantName: string;
  language: string;
}

/** A language option of `dict/list` (SPEC §3). */
export interface LanguageOption {
  dictKey: string;
  dictValue: string;
}

/** `data` of `GET /api/auth/captcha`. When `enabled` is false, the login needs no captcha. */
export interface CaptchaData {
  enabled: boolean;
  captchaId: string | null;
  /** An SVG image as a data URL. */
  image: string | null;
}

export const loginRequest = z.object({
  tenantCode: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' }),
  account: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' }),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(128, { error: 'validation.tooLong' }),
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export interface LoginData {
  token: string;
  expiresAt: string;
  user: CurrentUser;
}

/** An organisation the current staff member may work in (SPEC §3: entries carry orgCode). */
export interface OrgOption {
  id: string;
  orgCode: string;
  orgName: string;
}

/** Whether the user must choose a factory before entering: several to choose from and none (valid) chosen. */
export function needsFactoryChoice(factoryIds: readonly string[], chosen: string | null): boolean {
  return factoryIds.length > 1 && (chosen === null || !factoryIds.includes(chosen));
}
