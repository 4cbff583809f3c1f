import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Modal } from '@arco-design/web-react';
import { SHELL_KEYS, SHELL_SHORTCUTS, chordLabel, onApplePlatform } from '../../bridge/shortcuts';
import { appShortcutsAtom, shortcutListOpenAtom } from './shortcuts';

/** The shortcut list (`?`): the shell's shortcuts, then those the shown screen's app declared. */
export function ShortcutList({ appId }: { appId: string | null }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useAtom(shortcutListOpenAtom);
  const byApp = useAtomValue(appShortcutsAtom);
  const own = appId ? (byApp[appId] ?? []) : [];
  const apple = onApplePlatform();
  return (
    <Modal title={t('shortcuts.title')} visible={open} footer={null} onCancel={() => setOpen(false)} unmountOnExit>
      <table className="portal-shortcuts" data-testid="shortcut-list">
        <caption>{t('shortcuts.shell')}</caption>
        <tbody>
          {SHELL_SHORTCUTS.map((name) => (
            <tr key={name}>
              <td>
                <kbd>{chordLabel(SHELL_KEYS[name], apple)}</kbd>
              </td>
              <td>{t(`shortcuts.${name}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {own.length > 0 && (
        <table className="portal-shortcuts" data-testid="shortcut-list-app">
          <caption>{t('shortcuts.screen')}</caption>
          <tbody>
            {own.map((s) => (
              <tr key={`${s.keys}\u0000${s.description}`}>
                <td>
                  <kbd>{s.keys}</kbd>
                </td>
                <td>{s.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
