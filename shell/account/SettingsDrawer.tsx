import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Drawer, Form, Radio, Switch } from '@arco-design/web-react';
import type { FontSize } from '../../bridge/protocol';
import { settingsAtom } from '../state/atoms';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { useEscapeCloses } from '../hooks/useEscapeCloses';
import { THEME_CHOICES, type ThemeChoice } from '../theme';

const SIZES: FontSize[] = ['small', 'medium', 'large'];

/** System settings (SPEC §2): font size, theme, language, polling. Font size and theme reach every sub-app through the bridge. */
export function SettingsDrawer({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  useEscapeCloses(visible, onClose);
  const { t } = useTranslation('shell');
  const [settings, setSettings] = useAtom(settingsAtom);
  return (
    <Drawer title={t('settings.title')} visible={visible} width={360} footer={null} onCancel={onClose}>
      <Form layout="vertical">
        <Form.Item label={t('settings.fontSize')}>
          <Radio.Group
            type="button"
            value={settings.size}
            onChange={(size: FontSize) => setSettings({ ...settings, size })}
            data-testid="font-size"
          >
            {SIZES.map((s) => (
              <Radio key={s} value={s} data-testid={`font-${s}`}>
                {t(`settings.size.${s}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('settings.theme')}>
          <Radio.Group
            type="button"
            value={settings.theme ?? 'light'}
            onChange={(theme: ThemeChoice) => setSettings({ ...settings, theme })}
            data-testid="theme"
          >
            {THEME_CHOICES.map((c) => (
              <Radio key={c} value={c} data-testid={`theme-${c}`}>
                {t(`settings.themes.${c}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('settings.language')}>
          <LanguageSwitch />
        </Form.Item>
        <Form.Item label={t('settings.polling')} extra={t('settings.pollingHelp')}>
          <Switch
            checked={settings.polling}
            onChange={(polling) => setSettings({ ...settings, polling })}
            data-testid="polling"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
