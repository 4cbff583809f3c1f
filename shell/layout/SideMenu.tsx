import { memo, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Menu, Tag } from '@arco-design/web-react';
import { appForPath } from '../../model/app-routes';
import type { MenuNode } from '../../model/menu-tree';
import { appsAtom, appsLoadedAtom, menuAtom } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';

/** The menu tree of the current user and factory; entries of an offline app say so. */
export const SideMenu = memo(function SideMenu({ activePath }: { activePath: string | null }) {
  const { t } = useTranslation('shell');
  const menu = useAtomValue(menuAtom);
  const apps = useAtomValue(appsAtom);
  const appsLoaded = useAtomValue(appsLoadedAtom);
  const lang = useLanguage();
  const navigate = useNavigate();

  // The entries change with the menu and the apps, not with the route: a move selects another one
  // without building them again.
  const entries = useMemo(() => {
    // Said only once established: not while the registry or the probe has yet to answer.
    const offline = (path: string) => {
      if (!appsLoaded) return false;
      const app = appForPath(apps, path);
      return !app || app.probed === false;
    };
    const render = (nodes: MenuNode[]): ReactNode[] =>
      nodes.map((n) =>
        n.type === 'catalogue' ? (
          <Menu.SubMenu key={n.id} title={n.functionName}>
            {render(n.children)}
          </Menu.SubMenu>
        ) : (
          <Menu.Item key={n.path} data-testid={`menu-${n.path}`}>
            {n.functionName}
            {offline(n.path) && (
              <Tag size="small" color="gray" className="menu-offline">
                {t('app.offline')}
              </Tag>
            )}
          </Menu.Item>
        ),
      );
    return render(menu);
  }, [menu, apps, appsLoaded, t]);

  const openKeys = menu.filter((n) => n.type === 'catalogue').map((n) => n.id);
  return (
    <Menu
      className="side-menu"
      selectedKeys={activePath ? [activePath] : []}
      defaultOpenKeys={openKeys}
      onClickMenuItem={(path) => navigate(`/${lang}${path}`)}
      autoOpen
    >
      {entries}
    </Menu>
  );
});
