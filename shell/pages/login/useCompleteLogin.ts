import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtom, useSetAtom } from 'jotai';
import type { LoginData } from '../../../model';
import type { ApiResult } from '../../../model/api';
import type { SecondStep } from '../../../model/security';
import { isSecondStep, needsFactoryChoice } from '../../../model/login-steps';
import { secondStepAtom } from './secondStep';
import { holdLoginFactories, sessionFactories } from '../../state/factories';
import {
  factoryIdAtom,
  lastWorkplace,
  loginNoticeAtom,
  menuLoadedAtom,
  orgCodeAtom,
  sessionBegun,
  tokenAtom,
  tokenValidAtom,
  userAtom,
} from '../../state/atoms';
import { useLanguage } from '../../hooks/useLanguage';
import { askAhead, forgetPrewarmed, preloadPortal, prewarmOnPress } from '../../router/portalChunks';

export const LAST_TENANT = 'mes-portal:lastTenant';

/** After any kind of login: keep the session, choose a factory the user may use, enter the portal. */
export function useCompleteLogin() {
  const lang = useLanguage();
  const navigate = useNavigate();
  const setNotice = useSetAtom(loginNoticeAtom);
  const setToken = useSetAtom(tokenAtom);
  const setTokenValid = useSetAtom(tokenValidAtom);
  const [storedUser, setUser] = useAtom(userAtom);
  const [factoryId, setFactoryId] = useAtom(factoryIdAtom);
  const [orgCode, setOrgCode] = useAtom(orgCodeAtom);
  const setMenuLoaded = useSetAtom(menuLoadedAtom);

  return async (data: LoginData, tenantCode: string) => {
    preloadPortal();
    localStorage.setItem(LAST_TENANT, tenantCode);
    // The factory and organisation this user last chose here; another user's are never sent with this one's calls.
    const last = lastWorkplace(data.user.id);
    const preferred = last?.factoryId ?? (storedUser?.id === data.user.id ? factoryId : null);
    setFactoryId(null);
    setOrgCode(last?.orgCode ?? (storedUser?.id === data.user.id ? orgCode : null));
    setNotice(null);
    sessionBegun.byLogin = true;
    holdLoginFactories(data.token, data.factories);
    setToken(data.token);
    setTokenValid(true);
    setUser(data.user);
    // The registry and the likely menu are asked for beside the factory list, not after it.
    askAhead(data.token, preferred, lang);
    const list = await sessionFactories();
    setMenuLoaded(false);
    const ids = list.map((f) => f.id);
    if (needsFactoryChoice(ids, preferred)) {
      navigate(`/${lang}/factory`, { replace: true });
      return;
    }
    setFactoryId(preferred && ids.includes(preferred) ? preferred : (ids[0] ?? null));
    navigate(`/${lang}`, { replace: true });
  };
}

// Here rather than in a module of its own: the login page and the lazily loaded mobile form share this
// module already, and a new shared module made the bundler split five modules out of the login page's chunk.
/**
 * Sends a login for the tenant code given and goes on from its answer; `onRefused` hears a refusal.
 * The server's check takes a moment: the portal's code downloads meanwhile.
 */
export function useLoginSubmit(onRefused?: () => void) {
  const [submitting, setSubmitting] = useState(false);
  const complete = useCompleteLogin();
  const setSecondStep = useSetAtom(secondStepAtom);
  async function submit(tenantCode: string, send: () => Promise<ApiResult<LoginData | SecondStep>>) {
    setSubmitting(true);
    const answer = send();
    // The login's request goes out first: the browser speaks to a host over six connections, and the
    // fifty chunks of the portal asked for before it would hold it back (by 300 ms on a cold cache).
    setTimeout(() => {
      preloadPortal();
      prewarmOnPress();
    }, 0);
    try {
      const res = await answer;
      if (res.code !== 200) {
        forgetPrewarmed();
        return void onRefused?.();
      }
      if (isSecondStep(res.data)) return void setSecondStep({ ...res.data, tenantCode });
      await complete(res.data, tenantCode);
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, submit };
}
