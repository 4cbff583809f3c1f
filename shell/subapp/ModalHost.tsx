import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Drawer, Modal } from '@arco-design/web-react';
import { factoryIdAtom } from '../state/atoms';
import { askToDiscard } from '../layout/unsaved';
import { ModalFrame } from './ModalFrame';
import { closeModal, dismissAllModals, modalsAtom, removeModal, type OpenModal } from './modals';

const WIDTH: Record<OpenModal['size'], string | number> = { small: 560, medium: 840, large: 1120, full: '96vw' };

/** The screens opened over the page, the last on top; Escape or the close button dismisses the top one. */
export function ModalHost() {
  const modals = useAtomValue(modalsAtom);
  const factoryId = useAtomValue(factoryIdAtom);
  // A dialog opened in one factory answers for that factory only; so does one still open at logout.
  useEffect(() => dismissAllModals, [factoryId]);

  return (
    <>
      {modals.map((m) => {
        // Dismissed by the user: a screen holding unsaved changes asks first, as a tab does.
        const dismiss = () =>
          void (m.dirty ? askToDiscard([m.title]) : Promise.resolve(true)).then((ok) => {
            if (ok) closeModal(m.id, { done: false });
          });
        const body = <ModalFrame modal={m} />;
        const frame = {
          visible: !m.closing,
          afterClose: () => removeModal(m.id),
          title: m.title,
          footer: null,
          onCancel: dismiss,
          unmountOnExit: true,
          className: 'portal-modal',
          'data-testid': 'portal-modal',
        };
        return m.drawer ? (
          <Drawer key={m.id} {...frame} width={WIDTH[m.size]}>
            {body}
          </Drawer>
        ) : (
          <Modal key={m.id} {...frame} style={{ width: WIDTH[m.size] }}>
            {body}
          </Modal>
        );
      })}
    </>
  );
}
