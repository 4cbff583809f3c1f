import { useNavigate } from 'react-router-dom';
import { useAtom, useSetAtom } from 'jotai';
import type { LoginData } from '../../../model';
import { needsFactoryChoice } from '../../../model/login-steps';
import { sessionFactories } from '../../state/factories';
import {
  factoryIdAtom,
  lastWorkplace,
  loginNoticeAtom,
  menuLoadedAtom,
  orgCodeAtom,
  tokenAtom,
  tokenValidAtom,
  userAtom,
} from '../../state/atoms';
import { useLanguage } from '../../hooks/useLanguage';
import { preloadPortal } from '../../router/portalChunks';

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
    setToken(data.token);
    setTokenValid(true);
    setUser(data.user);
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
