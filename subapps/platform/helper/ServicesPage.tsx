import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Table, Tag } from '@arco-design/web-react';
import { useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import {
  HELPER_PERMISSIONS as P,
  type ServiceState,
  type ServiceStatus,
  type ServicesView,
} from '../../../model/helper';
import { useApi } from '../../kit/api';

const COLORS: Record<ServiceState, string> = {
  online: 'green',
  offline: 'red',
  'no-bridge': 'orange',
  hung: 'magenta',
};

/** Services (SPEC §2 `helper/services`): each registered app's state, version, last probe and latency. */
export function ServicesPage() {
  const { t } = useTranslation(['platform', 'common']);
  const api = useApi();
  const { permissions } = useBridgeContext();
  const [view, setView] = useState<ServicesView | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (force: boolean) => {
    setBusy(true);
    try {
      setView(
        force
          ? await api.call(contract.helper.probe, { timeout: 30_000 })
          : await api.call(contract.helper.services, { timeout: 30_000 }),
      );
    } catch {
      /* shown by the shell */
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    void load(false);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div data-testid="page-helper-services">
      {view && (
        <Descriptions
          column={2}
          size="small"
          style={{ marginBottom: 12 }}
          data={[
            { label: t('helper.portalVersion'), value: <span data-testid="portal-version">{view.portalVersion}</span> },
            {
              label: t('helper.database'),
              value: <span data-testid="database-kind">{t(`helper.db.${view.database}`)}</span>,
            },
          ]}
        />
      )}
      {permissions.includes(P.servicesProbe) && (
        <div className="page-toolbar">
          <Button type="primary" loading={busy} data-testid="services-probe" onClick={() => void load(true)}>
            {t('helper.probe')}
          </Button>
        </div>
      )}
      <Table<ServiceStatus>
        rowKey={(r) => `${r.appType} ${r.url}`}
        loading={busy && !view}
        data={view?.services ?? []}
        pagination={false}
        data-testid="services-table"
        columns={[
          { title: t('helper.app'), dataIndex: 'appName' },
          { title: t('helper.appType'), dataIndex: 'appType' },
          { title: 'URL', dataIndex: 'url', ellipsis: true },
          {
            title: t('helper.state'),
            dataIndex: 'state',
            render: (s: ServiceState, r) => (
              <Tag color={COLORS[s]} data-testid={`state-${r.appType}`} data-state={s}>
                {t(`helper.states.${s}`)}
              </Tag>
            ),
          },
          { title: t('helper.version'), dataIndex: 'version', render: (v: string | null) => v ?? '—' },
          {
            title: t('helper.latency'),
            dataIndex: 'latencyMs',
            render: (v: number | null) => (v === null ? '—' : `${v} ms`),
          },
          {
            title: t('helper.probedAt'),
            dataIndex: 'probedAt',
            render: (v: string) => new Date(v).toLocaleTimeString(),
          },
        ]}
      />
    </div>
  );
}
