import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Result, Spin } from '@arco-design/web-react';
import { connectChild, originOf } from '../../bridge/host';
import { useLanguage } from '../hooks/useLanguage';
import { frameUrl, ownsPath } from './appRoutes';
import { FRAME_SANDBOX } from './sandbox';
import { hostHandlers } from './hostHandlers';
import { closeModal, setModalDirty, setModalTitle, type OpenModal } from './modals';
import { registerFrame } from './refused';

/**
 * The frame of a screen opened over the page: the app at the dialog's route, connected like a tab's
 * frame but on its own (its own context, `modal: true`); it ends by handing a value back (closeModal),
 * by closing itself (closeTab: dismissed) or by sending the user elsewhere (navigate: dismissed, then there).
 */
export function ModalFrame({ modal }: { modal: OpenModal }) {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const langRef = useRef(lang);
  langRef.current = lang;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<'connecting' | 'connected' | 'failed'>('connecting');
  const { app, id, path } = modal;

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame?.contentWindow) return;
    const origin = originOf(app.url);
    const forgetFrame = registerFrame(frame.contentWindow, origin);
    const dismiss = () => closeModal(id, { done: false });
    const connection = connectChild({
      remoteWindow: frame.contentWindow,
      origin,
      methods: hostHandlers({
        appId: app.id,
        navigate: (to) => {
          dismiss();
          navigateRef.current(`/${langRef.current}${to}`);
        },
        ownsPath: (to) => ownsPath(app.prefixPath, to),
        // The dialog's route stays its own: the address bar and the tabs belong to the page below.
        isActive: () => false,
        rememberRoute: () => undefined,
        closeTab: dismiss,
        setTitle: (title) => setModalTitle(id, title),
        setDirty: (dirty) => setModalDirty(id, dirty),
        modal: { path, close: (value) => closeModal(id, { done: true, value }) },
      }),
    });
    connection.promise.then(
      () => setState('connected'),
      (e: unknown) => {
        console.warn(`[shell] ${app.appName} did not connect in a dialog:`, e instanceof Error ? e.message : String(e));
        setState('failed');
      },
    );
    return () => {
      forgetFrame();
      connection.destroy();
    };
  }, [app, id, path]);

  return (
    <div className={`modal-frame modal-frame-${modal.size}`} data-health={state}>
      {state === 'connecting' && <Spin className="subapp-loading" />}
      {state === 'failed' && <Result status="error" subTitle={t('modal.failed')} />}
      <iframe
        ref={frameRef}
        title={modal.title}
        src={frameUrl(app.url, path)}
        sandbox={FRAME_SANDBOX}
        className="subapp-iframe"
        hidden={state === 'failed'}
        data-testid={`modal-frame-${app.appType}`}
      />
    </div>
  );
}
