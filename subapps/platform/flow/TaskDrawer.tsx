import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Drawer, Form, Space } from '@arco-design/web-react';
import { useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { TaskDetail } from '../../../model/workflow/api';
import { FLOW_PERMISSIONS } from '../../../model/workflow/input';
import { AUDIT_PERMISSIONS } from '../../../model/audit';
import { HistoryDrawer, type HistoryTarget } from '../../kit/history/HistoryDrawer';
import { useApi } from '../../kit/api';
import { FlowChart } from './FlowChart';
import { OpinionInput } from './OpinionInput';
import { SignatureFields, showSignatureErrors, useSignerNeedsCode, type SignatureValues } from './SignatureFields';
import { SignatureText } from './SignatureText';
import { StatusTag } from './status';

/** One task: the record it decides, the opinion, agree or reject, and the flow chart. */
export function TaskDrawer({
  taskId,
  onClose,
  onDecided,
}: {
  taskId: string | null;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation(['platform', 'model', 'common']);
  const api = useApi();
  const { permissions } = useBridgeContext();
  const [task, setTask] = useState<TaskDetail | null>(null);
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const [signForm] = Form.useForm<SignatureValues>();
  const signs = Boolean(task?.canAct && task.signatureMeanings);
  const needsCode = useSignerNeedsCode(signs);
  const [history, setHistory] = useState<HistoryTarget | null>(null);

  useEffect(() => {
    setTask(null);
    setOpinion('');
    if (!taskId) return;
    let live = true;
    void api
      .call(contract.flow.getTask, { params: { id: taskId } })
      .then((d) => {
        if (live) setTask(d);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, taskId]);

  async function decide(decision: 'agree' | 'reject') {
    if (!task) return;
    let signature: SignatureValues | Record<string, never> = {};
    if (signs) {
      try {
        signature = await signForm.validate();
      } catch {
        return; // the fields show what is missing
      }
    }
    setBusy(true);
    try {
      await api.call(contract.flow[decision], {
        params: { id: task.id },
        body: { opinion, ...signature },
        showSuccess: true,
      });
      onDecided();
      onClose();
    } catch (e) {
      // The shell showed why (for a rejection without opinion: the field's message); a refused signature also marks its field.
      showSignatureErrors(signForm, e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer
      width="80%"
      visible={taskId !== null}
      title={task ? `${task.name} · ${task.title}` : ''}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      {task && (
        <div data-testid="task-drawer">
          <Descriptions
            column={2}
            border
            size="small"
            data={[
              { label: t('flow.model'), value: task.modelName },
              { label: t('flow.taskStatus'), value: <StatusTag status={task.status} /> },
              { label: t('flow.starter'), value: task.starter },
              ...task.record.map((r) => ({
                label: r.label,
                value: <span style={{ whiteSpace: 'pre-wrap' }}>{r.value}</span>,
              })),
              ...(task.signature
                ? [{ label: t('flow.signature'), value: <SignatureText signature={task.signature} /> }]
                : []),
            ]}
          />
          {task.canAct && (
            <div style={{ margin: '12px 0' }}>
              <OpinionInput testId="task-opinion" value={opinion} onChange={setOpinion} />
              {signs && (
                <SignatureFields
                  form={signForm}
                  meanings={task.signatureMeanings ?? []}
                  needsCode={needsCode}
                  notice={t('flow.signatureRequired')}
                />
              )}
              <Space style={{ marginTop: 8 }}>
                {permissions.includes(FLOW_PERMISSIONS.agree) && (
                  <Button
                    type="primary"
                    status="success"
                    loading={busy}
                    data-testid="task-agree"
                    onClick={() => void decide('agree')}
                  >
                    {t('flow.agree')}
                  </Button>
                )}
                {permissions.includes(FLOW_PERMISSIONS.reject) && (
                  <Button
                    status="danger"
                    loading={busy}
                    data-testid="task-reject"
                    onClick={() => void decide('reject')}
                  >
                    {t('flow.reject')}
                  </Button>
                )}
              </Space>
            </div>
          )}
          {permissions.includes(AUDIT_PERMISSIONS.history) && (
            <Button
              size="small"
              style={{ margin: '8px 0' }}
              data-testid="task-record-history"
              onClick={() => setHistory({ entity: task.businessType, recordId: task.businessId, title: task.title })}
            >
              {t('common:history.open')}
            </Button>
          )}
          <FlowChart instanceId={task.instanceId} />
          <HistoryDrawer target={history} onClose={() => setHistory(null)} />
        </div>
      )}
    </Drawer>
  );
}
