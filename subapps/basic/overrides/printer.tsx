import { useTranslation } from 'react-i18next';
import { Button, Tag } from '@arco-design/web-react';
import { usePermission } from '../../../bridge/react';
import { endpointsOf } from '../../../model/contract';
import { permissionCode, type ResourceRow, type StateChange } from '../../../model/engine';
import { bridgeClient } from '../../kit/api';
import type { PageContext, ResourceOverrides } from '../../kit/engine/types';

const isDefault = (row: ResourceRow) => row.isDefault === 'yes';

/**
 * Makes `row` the factory's default printer (SPEC §3): one that already is says so (SPEC §8);
 * otherwise, after a confirmation, the state change `isDefault = yes` (the server clears the others).
 */
async function setDefault(ctx: PageContext, row: ResourceRow | undefined) {
  const { bridge, def, t } = ctx;
  if (!row) return void bridge.notify({ type: 'warning', message: t('basic:printer.selectPrinter') });
  if (isDefault(row)) return void bridge.notify({ type: 'warning', message: t('basic:printer.alreadyDefault') });
  const ok = await bridge.confirm({
    title: t('basic:printer.setDefault'),
    content: t('basic:printer.setDefaultConfirm', { name: String(row.name ?? row.code) }),
  });
  if (!ok) return;
  const body: StateChange = { field: 'isDefault', value: 'yes' };
  try {
    await bridgeClient(bridge).call(endpointsOf(def).state, { params: { id: row.id }, body, showSuccess: true });
    ctx.reload();
  } catch {
    // the shell showed the server's message
  }
}

function DefaultTag({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('basic');
  return isDefault(row) ? (
    <Tag color="green" data-testid={`printer-default-${String(row.code)}`}>
      {t('printer.isDefault')}
    </Tag>
  ) : null;
}

function SetDefaultButton({ ctx, row, toolbar }: { ctx: PageContext; row?: ResourceRow; toolbar?: boolean }) {
  const { t } = useTranslation('basic');
  const allowed = usePermission(permissionCode(ctx.def, 'edit'));
  if (!allowed) return null;
  if (toolbar) {
    // The toolbar acts on the one ticked row; none or several: "select a printer".
    const pick = () => void setDefault(ctx, ctx.selected.length === 1 ? ctx.selected[0] : undefined);
    return (
      <Button data-testid="btn-set-default" onClick={pick}>
        {t('printer.setDefault')}
      </Button>
    );
  }
  return (
    <Button type="text" size="mini" data-testid="row-set-default" onClick={() => void setDefault(ctx, row)}>
      {t('printer.setDefault')}
    </Button>
  );
}

/** Printers: the default flag as a tag, and "set as default" in the toolbar and on each row. */
export const printerOverrides: ResourceOverrides = {
  cells: { isDefault: (_value, row) => <DefaultTag row={row} /> },
  toolbar: (ctx) => <SetDefaultButton ctx={ctx} toolbar />,
  rowActions: (row, ctx) => <SetDefaultButton ctx={ctx} row={row} />,
};
