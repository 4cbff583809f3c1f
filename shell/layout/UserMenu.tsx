import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { endpoints } from '../api/endpoints';
import { markSessionEnded } from '../api/http';
import { clearSession, userAtom } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';
import { broadcastLogout } from '../subapp/children';
import { ProfileDrawer } from '../account/ProfileDrawer';
import { ChangePasswordModal } from '../account/ChangePasswordModal';
import { FeedbackModal } from '../account/FeedbackModal';
import { SettingsDrawer } from '../account/SettingsDrawer';

type Panel = 'profile' | 'password' | 'feedback' | 'settings' | null;

export function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [panel, setPanel] = useState<Panel>(null);

  async function logout() {
    markSessionEnded();
    await endpoints.logout();
    await broadcastLogout();
    clearSession();
    navigate(`/${lang}/login`, { replace: true });
  }

  const droplist = (
    <Menu onClickMenuItem={(key) => { if (key === 'logout') void logout(); else setPanel(key as Panel); }}>
      <Menu.Item key="profile" data-testid="menu-profile">{t('account.profile')}</Menu.Item>
      <Menu.Item key="password" data-testid="menu-password">{t('account.changePassword')}</Menu.Item>
      <Menu.Item key="settings" data-testid="menu-settings">{t('settings.title')}</Menu.Item>
      <Menu.Item key="feedback" data-testid="menu-feedback">{t('feedback.title')}</Menu.Item>
      <Menu.Item key="logout" data-testid="logout">{t('user.logout')}</Menu.Item>
    </Menu>
  );
  const close = () => setPanel(null);
  return (
    <>
      <Dropdown droplist={droplist} position="br" trigger="click">
        <Button type="text" data-testid="user-menu">{user?.nickname || user?.account}</Button>
      </Dropdown>
      <ProfileDrawer visible={panel === 'profile'} onClose={close} />
      <ChangePasswordModal visible={panel === 'password'} onClose={close} />
      <FeedbackModal visible={panel === 'feedback'} onClose={close} />
      <SettingsDrawer visible={panel === 'settings'} onClose={close} />
    </>
  );
}
