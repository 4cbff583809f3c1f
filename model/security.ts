/** Online sessions, two-factor login and the tenant's security policy (issue 26). */
import { z } from 'zod';
import { Instant, Uuid, requiredText } from './contract/common';
import { LoginData } from './auth';
import { PASSWORD_PATTERN } from './account';

export const SECURITY_PERMISSIONS = {
  sessionsView: 'log:online-session:view',
  sessionsEnd: 'log:online-session:end',
  policyView: 'platform:security-policy:view',
  policyEdit: 'platform:security-policy:edit',
} as const;

export const SESSION_METHODS = ['password', 'sms', 'sso'] as const;
export type SessionMethod = (typeof SESSION_METHODS)[number];

/** A live session as the online-session screen and the personal centre show it. */
export const OnlineSession = z
  .object({
    id: Uuid,
    userId: Uuid,
    account: z.string(),
    nickname: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    method: z.enum(SESSION_METHODS),
    createdAt: Instant,
    lastSeenAt: Instant,
    expiresAt: Instant,
    factoryId: Uuid.nullable(),
    factoryCode: z.string().nullable(),
    factoryName: z.string().nullable(),
    current: z.boolean().meta({ description: 'The session making this call' }),
  })
  .meta({ id: 'OnlineSession' });
export type OnlineSession = z.infer<typeof OnlineSession>;

export const OnlineSessionList = z
  .object({ records: z.array(OnlineSession), total: z.number().int() })
  .meta({ id: 'OnlineSessionList' });
export type OnlineSessionList = z.infer<typeof OnlineSessionList>;

export const onlineSessionQuery = z.object({
  keyword: z
    .string()
    .trim()
    .max(64, { error: 'validation.tooLong' })
    .optional()
    .meta({ description: 'Part of the account or name' }),
});

export const EndedSessions = z.object({ ended: z.number().int() }).meta({ id: 'EndedSessions' });

export const TWO_FACTOR_POLICIES = ['off', 'optional', 'admins', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

/** Character classes a tenant may require of passwords, within SPEC §5's alphabet. */
export const PASSWORD_CLASSES = ['lower', 'upper', 'digit', 'special'] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];
const CLASS_RE: Record<PasswordClass, RegExp> = {
  lower: /[a-z]/,
  upper: /[A-Z]/,
  digit: /\d/,
  special: /[._~!@#$^&*]/,
};

/** The required classes a password lacks. */
export const missingClasses = (password: string, required: readonly PasswordClass[]): PasswordClass[] =>
  required.filter((c) => !CLASS_RE[c].test(password));

export const PASSWORD_POLICY_LIMITS = { maxAgeDays: 3650, history: 24 } as const;

export const SecurityPolicy = z
  .object({
    twoFactor: z.enum(TWO_FACTOR_POLICIES),
    passwordClasses: z.array(z.enum(PASSWORD_CLASSES)),
    passwordMaxAgeDays: z
      .number()
      .int()
      .meta({ description: 'Days a password lasts before a change is forced at login; 0: no expiry' }),
    passwordHistory: z.number().int().meta({
      description:
        'A new password must differ from this many latest ones (the current included); 0: only from the current one',
    }),
  })
  .meta({ id: 'SecurityPolicy' });
export type SecurityPolicy = z.infer<typeof SecurityPolicy>;
const wholeNumber = (max: number) =>
  z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.tooSmall' })
    .max(max, { error: 'validation.tooLarge' });
/** The whole policy, as the screen sends it. */
export const securityPolicyInput = z.object({
  twoFactor: z.enum(TWO_FACTOR_POLICIES, { error: 'validation.option' }),
  passwordClasses: z
    .array(z.enum(PASSWORD_CLASSES, { error: 'validation.option' }), { error: 'validation.option' })
    .max(4, { error: 'validation.tooMany' }),
  passwordMaxAgeDays: wholeNumber(PASSWORD_POLICY_LIMITS.maxAgeDays),
  passwordHistory: wholeNumber(PASSWORD_POLICY_LIMITS.history),
});
export type SecurityPolicyInput = z.infer<typeof securityPolicyInput>;

export const RECOVERY_CODE_COUNT = 10;

/** The own two-factor state in the personal centre. */
export const TwoFactorStatus = z
  .object({
    enabled: z.boolean(),
    enabledAt: Instant.nullable(),
    recoveryCodesLeft: z.number().int(),
    policy: z.enum(TWO_FACTOR_POLICIES),
    required: z.boolean().meta({ description: 'The policy requires two-factor login of this user' }),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** A secret being enrolled: shown as a QR code and as text for typing into an authenticator app. */
export const TotpSetup = z
  .object({
    secret: z.string().meta({ description: 'Base32, for typing in by hand' }),
    otpauthUrl: z.string(),
    qrCode: z.string().meta({ description: 'The otpauth address as a PNG data URL' }),
  })
  .meta({ id: 'TotpSetup' });
export type TotpSetup = z.infer<typeof TotpSetup>;

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

const codeField = requiredText(32);
const ticketField = z
  .string({ error: 'validation.required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'validation.required' });

/** The 6-digit code of the authenticator (enrolment takes no recovery code). */
export const totpCodeInput = z.object({ code: codeField.regex(/^\d{6}$/, { error: 'validation.totpCode' }) });
export const disableTwoFactorInput = z.object({
  password: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(128, { error: 'validation.tooLong' }),
  code: codeField,
});
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorInput>;

export const secondStepTicket = z.object({ ticket: ticketField });
/** The second step of a login: an authenticator code or a recovery code. */
export const secondStepInput = z.object({ ticket: ticketField, code: codeField });
export type SecondStepInput = z.infer<typeof secondStepInput>;
export const enrolAtLoginInput = z.object({
  ticket: ticketField,
  code: codeField.regex(/^\d{6}$/, { error: 'validation.totpCode' }),
});

export const SECURITY_FIELD_LABELS: Record<string, string> = {
  code: 'security.code',
  password: 'security.password',
  ticket: 'security.ticket',
  twoFactor: 'security.twoFactorPolicy',
  passwordClasses: 'security.passwordClasses',
  passwordMaxAgeDays: 'security.passwordMaxAgeDays',
  passwordHistory: 'security.passwordHistory',
  newPassword: 'account.newPassword',
  keyword: 'security.keyword',
};

/** What a first factor answers when a second one is due: enter a code, or enrol first. */
export const SecondStep = z
  .object({
    secondStep: z
      .enum(['totp', 'enrol', 'password'])
      .meta({ description: '`password`: the password has expired and must be changed first' }),
    ticket: z.string().meta({ description: 'Sent with the code (or the enrolment) within `expiresAt`' }),
    expiresAt: Instant,
  })
  .meta({ id: 'SecondStep' });
export type SecondStep = z.infer<typeof SecondStep>;

/** A password or mobile login: a session, or the second step it still needs. */
export const LoginAnswer = z.union([LoginData, SecondStep]).meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const EnrolledLogin = LoginData.extend({ recoveryCodes: z.array(z.string()) }).meta({ id: 'EnrolledLogin' });
export type EnrolledLogin = z.infer<typeof EnrolledLogin>;

/** The forced change of an expired password during login. */
export const expiredPasswordInput = z.object({
  ticket: ticketField,
  newPassword: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .regex(PASSWORD_PATTERN, { error: 'validation.password' }),
});

export { isSecondStep } from './login-steps';
