/**
 * Feedback handled through workflow: when a process with key `feedback` is published, each new
 * feedback starts it, and the process's end marks the feedback processed with the last opinion.
 */
import { registerBusiness } from './business';
import { recordRows } from '../audit/record';
import { accountActor } from '../audit/accounts';

export const FEEDBACK_PROCESS_KEY = 'feedback';

export function registerFeedbackProcess(): void {
  registerBusiness('feedback', {
    modelKey: FEEDBACK_PROCESS_KEY,
    async describe(trx, tenantId, businessId, tr) {
      const f = await trx
        .selectFrom('feedback as f')
        .leftJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'f.tenant_id').onRef('u.id', '=', 'f.user_id'))
        .select(['f.description', 'f.contact', 'f.created_at', 'u.account'])
        .where('f.tenant_id', '=', tenantId)
        .where('f.id', '=', businessId)
        .executeTakeFirst();
      if (!f) return null;
      return [
        { label: tr.tm('feedback.description'), value: f.description },
        { label: tr.tm('feedback.contact'), value: f.contact ?? '' },
        { label: tr.tm('feedback.submitter'), value: f.account ?? '' },
        { label: tr.tm('feedback.submittedAt'), value: new Date(f.created_at).toISOString() },
      ];
    },
    async onEnd(trx, end) {
      const before = await trx
        .selectFrom('feedback')
        .selectAll()
        .where('tenant_id', '=', end.tenantId)
        .where('id', '=', end.businessId)
        .forUpdate()
        .executeTakeFirst();
      const after = await trx
        .updateTable('feedback')
        .set({
          status: 'processed',
          handle_opinion: end.opinion,
          handled_by: end.handlerId,
          handled_at: new Date(),
          updated_at: new Date(),
        })
        .where('tenant_id', '=', end.tenantId)
        .where('id', '=', end.businessId)
        .returningAll()
        .executeTakeFirst();
      if (!before || !after) return;
      const actor = end.audit ?? (await accountActor(trx, end.tenantId, end.handlerId));
      await recordRows(trx, actor, 'feedback', 'state', [
        { id: after.id, code: after.description.slice(0, 80), before, after },
      ]);
    },
  });
}
