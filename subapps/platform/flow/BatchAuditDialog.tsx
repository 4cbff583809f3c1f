import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Modal, Radio, Table, Tag } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import type { BatchAuditResult, Decision, TaskRow } from '../../../model/workflow/api';
import { useApi } from '../../kit/api';
import { OpinionInput } from './OpinionInput';
import { SignatureFields, showSignatureErrors, useSignerNeedsCode, type SignatureValues } from './SignatureFields';

/** Decides the selected tasks with one opinion and shows each task's result. */
export function BatchAuditDialog({
  tasks,
  visible,
  onClose,
}: {
  tasks: TaskRow[];
  visible: boolean;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation(['platform', 'model', 'common']);
  const api = useApi();
  const [decision, setDecision] = useState<Decision>('agree');
  const [opinion, setOpinion] = useState('');
  const [results, setResults] = useState<BatchAuditResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [signForm] = Form.useForm<SignatureValues>();
  // Signed tasks among the chosen ones: one signature, with a meaning any of them allows, goes on each.
  const meanings = [...new Set(tasks.flatMap((x) => (x.status === 'pending' ? (x.signatureMeanings ?? []) : [])))];
  const signs = meanings.length > 0;
  const needsCode = useSignerNeedsCode(visible && signs);

  useEffect(() => {
    if (visible) {
      setResults(null);
      setOpinion('');
      setDecision('agree');
    }
  }, [visible]);

  async function submit() {
    if (results) {
      onClose(true);
      return;
    }
    let signature: SignatureValues | Record<string, never> = {};
    if (signs) {
      try {
        signature = await signForm.validate();
      } catch {
        return;
      }
    }
    setBusy(true);
    try {
      const r = await api.call(contract.flow.batchAudit, {
        body: { ids: tasks.map((x) => x.id), decision, opinion, ...signature },
      });
      setResults(r);
    } catch (e) {
      // shown by the shell; a refused signature also marks its field
      showSignatureErrors(signForm, e);
    } finally {
      setBusy(false);
    }
  }

  const byId = new Map(tasks.map((x) => [x.id, x]));
  return (
    <Modal
      title={t('flow.batchAudit')}
      visible={visible}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => onClose(results !== null)}
      okText={results ? t('common:ok') : t('flow.batchSubmit', { count: tasks.length })}
      unmountOnExit
    >
      {!results ? (
        <div data-testid="batch-form">
          <Radio.Group type="button" value={decision} onChange={setDecision}>
            <Radio value="agree">{t('flow.agree')}</Radio>
            <Radio value="reject">{t('flow.reject')}</Radio>
          </Radio.Group>
          <OpinionInput style={{ marginTop: 12 }} testId="batch-opinion" value={opinion} onChange={setOpinion} />
          {signs && (
            <SignatureFields
              form={signForm}
              meanings={meanings}
              needsCode={needsCode}
              notice={t('flow.batchSignatureRequired')}
            />
          )}
        </div>
      ) : (
        <Table<BatchAuditResult>
          rowKey="id"
          size="small"
          pagination={false}
          data={results}
          data-testid="batch-results"
          columns={[
            { title: t('model:wfTask.title'), dataIndex: 'id', render: (id: string) => byId.get(id)?.title ?? id },
            {
              title: t('flow.result'),
              dataIndex: 'ok',
              render: (ok: boolean, r) =>
                ok ? <Tag color="green">{t('flow.done')}</Tag> : <Tag color="red">{r.message}</Tag>,
            },
          ]}
        />
      )}
    </Modal>
  );
}
