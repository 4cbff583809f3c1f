import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { endpoints } from '../api/endpoints';
import { clearSession, userAtom } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';
import { broadcastLogout } from '../subapp/children';

export function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  const lang = useLanguage();
  const navigate = useNavigate();

  async function logout() {
    await endpoints.logout();
    broadcastLogout();
    clearSession();
    navigate(`/${lang}/login`, { replace: true });
  }

  const droplist = (
    <Menu onClickMenuItem={(key) => { if (key === 'logout') void logout(); }}>
      <Menu.Item key="logout" data-testid="logout">{t('user.logout')}</Menu.Item>
    </Menu>
  );
  return (
    <Dropdown droplist={droplist} position="br" trigger="click">
      <Button type="text" data-testid="user-menu">{user?.nickname || user?.account}</Button>
    </Dropdown>
  );
}
