/** Signing in and out (SPEC §7 `auth/…`): captcha, password and SMS logins, logout. */
import { ACCOUNT_FIELD_LABELS as labels, mobileLoginInput, smsSendInput } from '../account';
import { CaptchaData, SmsSent, loginRequest } from '../auth';
import { LoginAnswer } from '../security';
import { Nothing } from './common';
import { endpoint, json } from './endpoint';

const tag = 'auth';

export const auth = {
  captcha: endpoint({
    method: 'GET',
    path: '/auth/captcha',
    operationId: 'getLoginCaptcha',
    tag,
    auth: 'client',
    permission: null,
    summary: 'A login captcha (SVG data URL); disabled when LOGIN_CAPTCHA=off',
    answer: json(CaptchaData),
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    operationId: 'login',
    tag,
    auth: 'client',
    permission: null,
    summary: 'Log in with tenant code, account and password (and captcha when on)',
    description:
      'Wrong credentials and a wrong captcha answer 400; a disabled or expired tenant 403 (told only with valid credentials); too many failures 429. When two-factor login applies, the answer is the second step (`secondStep`: a code, or enrolment first) instead of a session.',
    body: loginRequest,
    answer: json(LoginAnswer),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    operationId: 'logout',
    tag,
    auth: 'bearer',
    permission: null,
    summary: 'Revoke the current token',
    answer: json(Nothing),
  }),
  sendSmsCode: endpoint({
    method: 'POST',
    path: '/auth/sms/send',
    operationId: 'sendSmsLoginCode',
    tag,
    auth: 'client',
    permission: null,
    summary: 'Send a login code to a mobile number (same answer whether or not the number has an account)',
    description: 'Limits per number: 429 beyond them. 502 when the SMS gateway refused the message.',
    body: smsSendInput,
    labels,
    answer: json(SmsSent),
    errors: [502],
  }),
  loginByMobile: endpoint({
    method: 'POST',
    path: '/auth/login/mobile',
    operationId: 'loginByMobile',
    tag,
    auth: 'client',
    permission: null,
    summary: 'Log in with tenant code, mobile number and SMS code (then a second step when two-factor login applies)',
    body: mobileLoginInput,
    labels,
    answer: json(LoginAnswer),
  }),
};
