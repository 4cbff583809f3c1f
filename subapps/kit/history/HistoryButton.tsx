/** A record's History as a row action of a hand-written screen; absent without the history permission. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@arco-design/web-react';
import { useBridgeContext } from '../../../bridge/react';
import { AUDIT_PERMISSIONS } from '../../../model/audit';
import type { ResourceDef } from '../../../model/engine';
import { HistoryDrawer, type HistoryTarget } from './HistoryDrawer';
import type { HistoryLabels } from './values';

export function HistoryButton({
  target,
  def,
  labels,
}: {
  target: HistoryTarget;
  def?: ResourceDef;
  labels?: HistoryLabels;
}) {
  const { t } = useTranslation('common');
  const { permissions } = useBridgeContext();
  const [open, setOpen] = useState(false);
  if (!permissions.includes(AUDIT_PERMISSIONS.history)) return null;
  return (
    <>
      <Button type="text" size="mini" data-testid="row-history" onClick={() => setOpen(true)}>
        {t('common:history.open')}
      </Button>
      {open && <HistoryDrawer target={target} def={def} labels={labels} onClose={() => setOpen(false)} />}
    </>
  );
}
