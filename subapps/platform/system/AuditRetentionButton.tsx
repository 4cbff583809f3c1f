import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, InputNumber, Modal } from '@arco-design/web-react';
import { ApiError } from '../../../bridge/child';
import { useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import { errorsOf } from '../../../model/api';
import { AUDIT_PERMISSIONS, type AuditRetention } from '../../../model/audit';
import { useApi } from '../../kit/api';
import { act, useAct } from '../../kit/act';

type Field = 'months' | 'legalMinMonths';

/**
 * The audit screen's retention settings (issue 25): how many months the tenant keeps its history and
 * the legal minimum it must keep. The server holds the rules (the minimum never lowered, the retention
 * never below it) and names the field it refuses; the dialog shows that message on the field.
 */
export function AuditRetentionButton() {
  const { t } = useTranslation(['platform', 'model', 'common']);
  const api = useApi();
  const { permissions } = useBridgeContext();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<AuditRetention | null>(null);
  const [months, setMonths] = useState<number | undefined>();
  const [legalMin, setLegalMin] = useState<number | undefined>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { busy, run } = useAct();
  if (!permissions.includes(AUDIT_PERMISSIONS.retention)) return null;

  const show = () =>
    act(async () => {
      const r = await api.call(contract.audit.retention);
      setCurrent(r);
      setMonths(r.months ?? undefined);
      setLegalMin(r.legalMinMonths);
      setErrors({});
      setOpen(true);
    });

  const save = () =>
    run(async () => {
      if (months === undefined) {
        setErrors({ months: t('model:validation.required', { field: t('model:auditTrail.retentionMonths') }) });
        return;
      }
      setErrors({});
      try {
        await api.call(contract.audit.setRetention, {
          body: { months, legalMinMonths: legalMin ?? 0 },
          showSuccess: true,
        });
        setOpen(false);
      } catch (err) {
        if (err instanceof ApiError) setErrors(Object.fromEntries(errorsOf(err.data).map((e) => [e.field, e.message])));
        throw err;
      }
    });

  const status = (f: Field) => (errors[f] ? ('error' as const) : undefined);
  return (
    <>
      <Button data-testid="btn-audit-retention" onClick={show}>
        {t('platform:auditRetention.button')}
      </Button>
      <Modal
        style={{ width: 400 }}
        visible={open}
        title={t('platform:auditRetention.title')}
        onCancel={() => setOpen(false)}
        onOk={save}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'retention-save' } as never}
        unmountOnExit
      >
        <div data-testid="retention-dialog">
          {current?.months === null && (
            <Alert type="info" content={t('platform:auditRetention.forever')} style={{ marginBottom: 12 }} />
          )}
          <Form layout="vertical">
            <Form.Item
              label={t('model:auditTrail.retentionMonths')}
              required
              validateStatus={status('months')}
              help={errors.months}
            >
              <span data-testid="retention-months">
                <InputNumber value={months} onChange={(v) => setMonths(v ?? undefined)} />
              </span>
            </Form.Item>
            <Form.Item
              label={t('model:auditTrail.legalMinMonths')}
              validateStatus={status('legalMinMonths')}
              help={errors.legalMinMonths}
            >
              <span data-testid="retention-legal-min">
                <InputNumber value={legalMin} onChange={(v) => setLegalMin(v ?? undefined)} />
              </span>
            </Form.Item>
          </Form>
          <div className="arco-form-message-help">{t('platform:auditRetention.hint')}</div>
        </div>
      </Modal>
    </>
  );
}
