import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer, Table } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';
import type { BomMaterial, BomWhereUsed, BomWhereUsedRow } from '../../../model/bom';

/** Every product and assembly that uses a component, directly or through levels. */
export function WhereUsedDrawer({ material, onClose }: { material: BomMaterial | null; onClose: () => void }) {
  const { t } = useTranslation(['basic', 'model']);
  const api = useApi();
  const [data, setData] = useState<BomWhereUsed | null>(null);
  useEffect(() => {
    if (!material) return;
    void api
      .call(contract.bom.whereUsed, { query: { materialId: material.id } })
      .then(setData)
      .catch(() => setData(null));
  }, [api, material]);
  return (
    <Drawer
      width={640}
      visible={material !== null}
      title={material ? t('bom.whereUsedOf', { code: material.code }) : ''}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      <Table<BomWhereUsedRow>
        rowKey={(r) => r.parent.id}
        size="small"
        pagination={false}
        data={data?.rows ?? []}
        data-testid="bom-where-used"
        columns={[
          { title: t('bom.level'), dataIndex: 'level', width: 70 },
          { title: t('model:bom.parent'), render: (_: unknown, r) => r.parent.code },
          { title: t('bom.name'), render: (_: unknown, r) => r.parent.name },
          { title: t('bom.path'), render: (_: unknown, r) => r.path.join(' → ') },
        ]}
      />
    </Drawer>
  );
}
