import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Modal, Table, type TableColumnProps } from '@arco-design/web-react';
import type { Page } from '../../../model/api';
import { contract } from '../../../model/contract';
import type { IssuedCode } from '../../../model/rules';
import { useApi } from '../../kit/api';

interface Props {
  visible: boolean;
  /** Only this rule's codes; all rules when absent. */
  rule?: { id: string; name: string } | null;
  onClose: () => void;
}

const PAGE_SIZE = 10;

/** The audit of issued codes: which code, rule, context, reservation, who and when; searched by code prefix. */
export function IssuedCodesDialog({ visible, rule, onClose }: Props) {
  const { t } = useTranslation(['basic', 'common']);
  const api = useApi();
  const [code, setCode] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<IssuedCode> | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (prefix: string, at: number) => {
      setLoading(true);
      try {
        const query = { code: prefix.trim() || undefined, ruleId: rule?.id, page: at, size: PAGE_SIZE };
        setData(await api.call(contract.rules.issued, { query }));
      } catch {
        setData(null); // the shell showed the message
      } finally {
        setLoading(false);
      }
    },
    [api, rule?.id],
  );

  useEffect(() => {
    if (!visible) return;
    setCode('');
    setPage(1);
    void load('', 1);
  }, [visible, load]);

  const columns: TableColumnProps<IssuedCode>[] = [
    {
      title: t('basic:issued.code'),
      dataIndex: 'code',
      render: (v: string) => <span data-testid="issued-code">{v}</span>,
    },
    { title: t('basic:issued.rule'), dataIndex: 'ruleName' },
    { title: t('basic:issued.factory'), dataIndex: 'factoryCode' },
    { title: t('basic:issued.line'), dataIndex: 'lineCode' },
    { title: t('basic:issued.date'), dataIndex: 'date' },
    { title: t('basic:issued.account'), dataIndex: 'account' },
    { title: t('basic:issued.issuedAt'), dataIndex: 'issuedAt', render: (v: string) => new Date(v).toLocaleString() },
    {
      title: t('basic:issued.batch'),
      dataIndex: 'batchId',
      render: (v: string) => <span title={v}>{v.slice(0, 8)}</span>,
    },
  ];

  const title = rule ? t('basic:issued.titleOf', { name: rule.name }) : t('basic:issued.title');
  return (
    <Modal
      title={title}
      visible={visible}
      onCancel={onClose}
      footer={null}
      style={{ width: 950, maxWidth: 'calc(100vw - 32px)' }}
      unmountOnExit
    >
      <div data-testid="issued-search" style={{ width: 320, marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('basic:issued.searchCode')}
          value={code}
          onChange={setCode}
          onSearch={(v) => {
            setPage(1);
            void load(v, 1);
          }}
        />
      </div>
      <Table<IssuedCode>
        rowKey={(r) => `${r.ruleId}:${r.code}`}
        columns={columns}
        data={data?.records ?? []}
        loading={loading}
        data-testid="issued-table"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: (p) => {
            setPage(p);
            void load(code, p);
          },
        }}
      />
    </Modal>
  );
}
