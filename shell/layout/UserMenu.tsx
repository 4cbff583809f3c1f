import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { endpoints } from '../api/endpoints';
import { despiteEnding, markSessionEnded } from '../api/http';
import { clearSession, userAtom } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';
import { broadcastLogout } from '../subapp/children';
import { loadChunk } from '../chunks';
import { ChunkBoundary } from '../components/ChunkBoundary';
import { confirmDiscard } from './unsaved';

// The account's panels load when first opened: most visits open none of them.
const ProfileDrawer = lazy(() =>
  loadChunk(() => import('../account/ProfileDrawer')).then((m) => ({ default: m.ProfileDrawer })),
);
const ChangePasswordModal = lazy(() =>
  loadChunk(() => import('../account/ChangePasswordModal')).then((m) => ({ default: m.ChangePasswordModal })),
);
const FeedbackModal = lazy(() =>
  loadChunk(() => import('../account/FeedbackModal')).then((m) => ({ default: m.FeedbackModal })),
);
const SettingsDrawer = lazy(() =>
  loadChunk(() => import('../account/SettingsDrawer')).then((m) => ({ default: m.SettingsDrawer })),
);

type Panel = 'profile' | 'password' | 'feedback' | 'settings' | null;

/** The user menu's entries: a panel each, then the logout. */
const ITEMS = [
  ['profile', 'account.profile'],
  ['password', 'account.changePassword'],
  ['settings', 'settings.title'],
  ['feedback', 'feedback.title'],
  ['logout', 'user.logout'],
] as const;

export function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useAtomValue(userAtom);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [panel, setPanel] = useState<Panel>(null);
  // A panel stays mounted once opened, so it closes with its animation and opens again at once.
  const [opened, setOpened] = useState<ReadonlySet<Panel>>(new Set());
  const open = (p: Panel) => {
    setOpened((s) => new Set(s).add(p));
    setPanel(p);
  };

  async function logout() {
    if (!(await confirmDiscard())) return;
    markSessionEnded();
    await despiteEnding(endpoints.logout);
    await broadcastLogout();
    clearSession();
    navigate(`/${lang}/login`, { replace: true });
  }

  const droplist = (
    <Menu
      onClickMenuItem={(key) => {
        if (key === 'logout') void logout();
        else open(key as Panel);
      }}
    >
      {ITEMS.map(([key, label]) => (
        <Menu.Item key={key} data-testid={key === 'logout' ? 'logout' : `menu-${key}`}>
          {t(label)}
        </Menu.Item>
      ))}
    </Menu>
  );
  const close = () => setPanel(null);
  return (
    <>
      <Dropdown droplist={droplist} position="br" trigger="click">
        <Button type="text" data-testid="user-menu">
          {user?.nickname || user?.account}
        </Button>
      </Dropdown>
      <ChunkBoundary>
        <Suspense fallback={null}>
          {opened.has('profile') && <ProfileDrawer visible={panel === 'profile'} onClose={close} />}
          {opened.has('password') && <ChangePasswordModal visible={panel === 'password'} onClose={close} />}
          {opened.has('feedback') && <FeedbackModal visible={panel === 'feedback'} onClose={close} />}
          {opened.has('settings') && <SettingsDrawer visible={panel === 'settings'} onClose={close} />}
        </Suspense>
      </ChunkBoundary>
    </>
  );
}
