import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Drawer, Result, Spin } from '@arco-design/web-react';
import { IconQuestionCircle } from '@arco-design/web-react/icon';
import type { HelpDocument } from '../../model/help';
import { contract } from '../api/contract';
import { callApi } from '../api/client';
import { activeTabIdAtom, tabsAtom } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';
import { RichText } from '../components/RichText';
import { useEscapeCloses } from '../hooks/useEscapeCloses';

/** The help document of the open screen, in the current language (SPEC §7 `route/help/doc/content`). */
export function HelpButton() {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const tabs = useAtomValue(tabsAtom);
  const activeId = useAtomValue(activeTabIdAtom);
  const [open, setOpen] = useState(false);
  useEscapeCloses(open, () => setOpen(false));
  const [doc, setDoc] = useState<HelpDocument | null | 'missing' | 'loading'>(null);
  const path = tabs.find((tab) => tab.id === activeId)?.path ?? null;

  async function show() {
    setOpen(true);
    if (!path) return setDoc('missing');
    setDoc('loading');
    const res = await callApi(contract.help.content, { query: { path, lang }, showError: false });
    setDoc(res.code === 200 ? res.data : 'missing');
  }

  return (
    <>
      <Button type="text" icon={<IconQuestionCircle />} aria-label={t('help.title')} onClick={() => void show()} data-testid="help-button" />
      <Drawer title={doc && typeof doc === 'object' ? doc.title : t('help.title')} visible={open} width={480} footer={null} onCancel={() => setOpen(false)}>
        <div data-testid="help-content">
          {doc === 'loading' && <Spin />}
          {doc === 'missing' && <Result status="404" subTitle={t('help.notMaintained')} />}
          {doc && typeof doc === 'object' && <RichText html={doc.content} />}
        </div>
      </Drawer>
    </>
  );
}
