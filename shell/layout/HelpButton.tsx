import { useEffect, useRef, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
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
import { helpOpenAtom } from './shortcuts';

/** The help document of the open screen, in the current language (SPEC §7 `route/help/doc/content`). */
export function HelpButton() {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const tabs = useAtomValue(tabsAtom);
  const activeId = useAtomValue(activeTabIdAtom);
  // Also opened by F1, in the shell or inside a frame (shortcuts.ts).
  const [open, setOpen] = useAtom(helpOpenAtom);
  useEscapeCloses(open, () => setOpen(false));
  const [doc, setDoc] = useState<HelpDocument | null | 'missing' | 'loading'>(null);
  const path = tabs.find((tab) => tab.id === activeId)?.path ?? null;
  const content = useRef<HTMLDivElement>(null);

  // The document of the screen shown when the drawer opens.
  useEffect(() => {
    if (!open) return;
    if (!path) {
      setDoc('missing');
      return;
    }
    let current = true;
    setDoc('loading');
    void callApi(contract.help.content, { query: { path, lang }, showError: false }).then((res) => {
      if (current) setDoc(res.code === 200 ? res.data : 'missing');
    });
    return () => {
      current = false;
    };
    // The open screen's document at the moment of opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <>
      <Button
        type="text"
        icon={<IconQuestionCircle />}
        aria-label={t('help.title')}
        onClick={() => setOpen(true)}
        data-testid="help-button"
      />
      {/* Focus moves into the drawer (F1 may come from inside a frame, where Escape would not reach the shell). */}
      <Drawer
        title={doc && typeof doc === 'object' ? doc.title : t('help.title')}
        visible={open}
        width={480}
        footer={null}
        onCancel={() => setOpen(false)}
        afterOpen={() => content.current?.focus()}
      >
        <div data-testid="help-content" ref={content} tabIndex={-1} className="help-content">
          {doc === 'loading' && <Spin />}
          {doc === 'missing' && <Result status="404" subTitle={t('help.notMaintained')} />}
          {doc && typeof doc === 'object' && <RichText html={doc.content} />}
        </div>
      </Drawer>
    </>
  );
}
