import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer, InputNumber, Space, Table, Typography } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';
import type { BomExplosion, BomExplosionRow, BomExplosionTotal, BomMaterial } from '../../../model/bom';

/** Every level below a product for a quantity, loss included, and the totals per component. */
export function ExplosionDrawer({ material, onClose }: { material: BomMaterial | null; onClose: () => void }) {
  const { t } = useTranslation(['basic', 'model']);
  const api = useApi();
  const [quantity, setQuantity] = useState(1);
  const [data, setData] = useState<BomExplosion | null>(null);

  useEffect(() => {
    if (!material || !(quantity > 0)) return;
    void api
      .call(contract.bom.explode, { query: { materialId: material.id, quantity } })
      .then(setData)
      .catch(() => setData(null));
  }, [api, material, quantity]);

  return (
    <Drawer
      width={760}
      visible={material !== null}
      title={material ? t('bom.explosionOf', { code: material.code }) : ''}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="bom-explosion">
        <Space>
          <span>{t('model:bom.quantity')}</span>
          <InputNumber
            min={0.000001}
            value={quantity}
            onChange={(v) => setQuantity(Number(v))}
            data-testid="bom-explosion-quantity"
          />
        </Space>
        <Table<BomExplosionRow>
          rowKey={(r) => r.path.join('/')}
          size="small"
          pagination={false}
          data={data?.rows ?? []}
          data-testid="bom-explosion-rows"
          columns={[
            { title: t('bom.level'), dataIndex: 'level', width: 70 },
            {
              title: t('model:bom.component'),
              render: (_: unknown, r) => <span style={{ paddingLeft: (r.level - 1) * 16 }}>{r.component.code}</span>,
            },
            { title: t('bom.name'), render: (_: unknown, r) => r.component.name },
            { title: t('model:bom.dosage'), dataIndex: 'dosage', width: 90 },
            { title: t('model:bom.lossRate'), dataIndex: 'lossRate', width: 100 },
            { title: t('bom.totalQuantity'), dataIndex: 'quantity', width: 120 },
          ]}
        />
        <Typography.Title heading={6}>{t('bom.totals')}</Typography.Title>
        <Table<BomExplosionTotal>
          rowKey={(r) => r.component.id}
          size="small"
          pagination={false}
          data={data?.totals ?? []}
          data-testid="bom-explosion-totals"
          columns={[
            { title: t('model:bom.component'), render: (_: unknown, r) => r.component.code },
            { title: t('bom.name'), render: (_: unknown, r) => r.component.name },
            { title: t('bom.unit'), render: (_: unknown, r) => r.component.unitCode ?? '' },
            { title: t('bom.lowLevel'), dataIndex: 'lowLevel', width: 90 },
            { title: t('bom.totalQuantity'), dataIndex: 'quantity', width: 120 },
          ]}
        />
      </Space>
    </Drawer>
  );
}
