/**
 * Input patterns the login page checks before it sends (zod-free, so the login page downloads no
 * schema library; model/account.ts builds its schemas from the same patterns).
 */

/** SPEC §5: 6 to 16 characters of digits, letters and . _ ~ ! @ # $ ^ & * */
export const PASSWORD_PATTERN = /^[A-Za-z0-9._~!@#$^&*]{6,16}$/;
export const MOBILE_PATTERN = /^1\d{10}$/;
