import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Drawer } from '@arco-design/web-react';
import type { ResourceDef, ResourceRow } from '../../../model/engine';
import { displayValue, fieldLabel, titleOf } from '../../kit/engine/labels';

/** A row's every field in a drawer: the detail view of the read-only log lists. */
export function RowDetail({ def, row }: { def: ResourceDef; row: ResourceRow }) {
  const { t } = useTranslation(['platform', 'model']);
  const [open, setOpen] = useState(false);
  const data = Object.entries(def.fields).map(([key, f]) => ({
    label: fieldLabel(t, f),
    value: displayValue(t, f, row[key]),
  }));
  return (
    <>
      <Button type="text" size="mini" data-testid={`row-detail-${row.id}`} onClick={() => setOpen(true)}>
        {t('platform:system.detail')}
      </Button>
      <Drawer width={520} visible={open} title={titleOf(t, def)} footer={null} onCancel={() => setOpen(false)}>
        <Descriptions
          column={1}
          data={data}
          labelStyle={{ width: 160 }}
          valueStyle={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        />
      </Drawer>
    </>
  );
}
