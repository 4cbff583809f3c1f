import { z } from 'zod';
import { Instant, Uuid, requiredText } from './contract/common';

export const USER_TYPES = ['admin', 'staff'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const CurrentUser = z
  .object({
    id: Uuid,
    account: z.string(),
    nickname: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    type: z.enum(USER_TYPES),
    tenantId: Uuid,
    tenantCode: z.string(),
    tenantName: z.string(),
    roles: z.array(z.object({ id: Uuid, code: z.string(), name: z.string() })),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

/** A factory the user may enter. */
export const Factory = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    status: z.enum(['normal', 'disabled']),
  })
  .meta({ id: 'FactoryOption' });
export type Factory = z.infer<typeof Factory>;

/** `data` of `factory/getFactoryList`. */
export const FactoryListData = z.object({ factoryList: z.array(Factory) }).meta({ id: 'FactoryListData' });
export type FactoryListData = z.infer<typeof FactoryListData>;

/** `data` of `cope`: corp info with a comma-separated language list (SPEC §3). */
export const CorpInfo = z
  .object({
    tenantCode: z.string(),
    tenantName: z.string(),
    language: z.string().meta({ description: 'Comma-separated language codes, e.g. `zh-CN,en`' }),
  })
  .meta({ id: 'CorpInfo' });
export type CorpInfo = z.infer<typeof CorpInfo>;

/** A language option of `dict/list` (SPEC §3), or an item of the dictionary asked for. */
export const LanguageOption = z.object({ dictKey: z.string(), dictValue: z.string() }).meta({ id: 'DictListOption' });
export type LanguageOption = z.infer<typeof LanguageOption>;

/** `data` of `GET /api/auth/captcha`. When `enabled` is false, the login needs no captcha. */
export const CaptchaData = z
  .object({
    enabled: z.boolean(),
    captchaId: z.string().nullable(),
    image: z.string().nullable().meta({ description: 'An SVG image as a data URL' }),
  })
  .meta({ id: 'CaptchaData' });
export type CaptchaData = z.infer<typeof CaptchaData>;

export const loginRequest = z.object({
  tenantCode: requiredText(64),
  account: requiredText(64),
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(128, { error: 'validation.tooLong' }),
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const LoginData = z
  .object({
    token: z.string(),
    expiresAt: Instant,
    user: CurrentUser,
    factories: z.array(Factory).meta({
      description:
        'The factories the user may enter, as `listMyFactories` answers them: a client choosing one need not ask',
    }),
  })
  .meta({ id: 'LoginData' });
export type LoginData = z.infer<typeof LoginData>;

/** `data` of `auth/sms/send`: how long the code (if one was sent) stays valid. */
export const SmsSent = z.object({ expiresInSeconds: z.number().int() }).meta({ id: 'SmsSent' });
export type SmsSent = z.infer<typeof SmsSent>;

/** `data` of `auth/sso/config`. */
export const SsoConfig = z.object({ enabled: z.boolean() }).meta({ id: 'SsoConfig' });
export type SsoConfig = z.infer<typeof SsoConfig>;

/** An organisation the current staff member may work in (SPEC §3: entries carry orgCode). */
export const OrgOption = z.object({ id: Uuid, orgCode: z.string(), orgName: z.string() }).meta({ id: 'OrgOption' });
export type OrgOption = z.infer<typeof OrgOption>;

export { needsFactoryChoice } from './login-steps';
