/**
 * Starting processes and deciding their tasks. Each step runs in one transaction that holds the
 * instance row locked: the engine's stored state, the task rows and the business record change
 * together or not at all, and two decisions on one instance never interleave.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';
import { inTransaction } from '../db/in-transaction';
import { ApiError, notFound } from '../http';
import { resolveAssignee } from './assignees';
import { businessOf } from './business';
import { signalRun, startRun, type StepResult } from './runner';
import type { StoredTask } from '../db/types-workflow';
import { emitEvent } from '../webhooks/emit';
import type { Signer } from './sign';
import { writeHistory, type AuditActor } from '../audit/write';

export interface Actor {
  tenantId: string;
  userId: string;
  factoryId: string | null;
  /** Who and from where, for the history a signature writes; the user alone when absent. */
  audit?: AuditActor;
}

export interface StartInput {
  modelKey: string;
  businessType: string;
  businessId: string;
  title: string;
  variables?: Record<string, unknown>;
}

function parseJson<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/** Creates the task rows for user tasks the engine now waits on and that have none pending. */
async function openTasks(
  trx: Transaction<DB>,
  actor: Actor,
  instance: { id: string; starterId: string },
  tasks: StoredTask[],
  waiting: string[],
): Promise<void> {
  const pending = await trx
    .selectFrom('wf_task')
    .select('element_id')
    .where('tenant_id', '=', actor.tenantId)
    .where('instance_id', '=', instance.id)
    .where('status', '=', 'pending')
    .execute();
  const open = new Set(pending.map((p) => p.element_id));
  for (const elementId of waiting) {
    if (open.has(elementId)) continue;
    const spec = tasks.find((t) => t.id === elementId);
    const candidates = spec ? await resolveAssignee(trx, actor.tenantId, spec.assignee, instance.starterId) : [];
    // Nobody could ever decide it: refuse the whole step rather than leave the process stuck.
    if (candidates.length === 0) throw new ApiError(409, 'flow.task.noAssignee', { task: spec?.name ?? elementId });
    const task = await trx
      .insertInto('wf_task')
      .values({
        tenant_id: actor.tenantId,
        instance_id: instance.id,
        element_id: elementId,
        name: spec?.name ?? elementId,
        candidate_ids: candidates,
        sign_meanings: spec?.signature?.length ? spec.signature : null,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await emitEvent(trx, actor.tenantId, 'approval.task.created', {
      taskId: task.id,
      name: task.name,
      instanceId: instance.id,
      elementId,
      candidateIds: candidates,
    });
  }
}

async function finish(
  trx: Transaction<DB>,
  actor: Actor,
  instance: { id: string; businessType: string; businessId: string },
  result: 'approved' | 'rejected',
  opinion: string | null,
): Promise<void> {
  await trx
    .updateTable('wf_task')
    .set({ status: 'cancelled', handled_at: new Date() })
    .where('tenant_id', '=', actor.tenantId)
    .where('instance_id', '=', instance.id)
    .where('status', '=', 'pending')
    .execute();
  await trx
    .updateTable('wf_instance')
    .set({ status: result, ended_at: new Date(), state: null })
    .where('tenant_id', '=', actor.tenantId)
    .where('id', '=', instance.id)
    .execute();
  await businessOf(instance.businessType)?.onEnd(trx, {
    tenantId: actor.tenantId,
    businessId: instance.businessId,
    result,
    opinion,
    handlerId: actor.userId,
    audit: actor.audit,
  });
}

async function applyStep(
  trx: Transaction<DB>,
  actor: Actor,
  instance: { id: string; starterId: string; businessType: string; businessId: string; done: string[] },
  tasks: StoredTask[],
  step: StepResult,
  opinion: string | null,
): Promise<void> {
  const done = [...new Set([...instance.done, ...step.left])];
  await trx
    .updateTable('wf_instance')
    .set({ state: JSON.stringify(step.state), done_elements: done })
    .where('tenant_id', '=', actor.tenantId)
    .where('id', '=', instance.id)
    .execute();
  if (step.ended) await finish(trx, actor, instance, 'approved', opinion);
  else await openTasks(trx, actor, instance, tasks, step.waiting);
}

/**
 * Starts the published process of `modelKey` for a record, inside the caller's transaction.
 * Answers null when no process with that key is published (the caller handles the record itself).
 */
export async function startProcess(trx: Transaction<DB>, actor: Actor, input: StartInput): Promise<string | null> {
  const version = await trx
    .selectFrom('wf_model as m')
    .innerJoin('wf_model_version as v', (j) =>
      j
        .onRef('v.tenant_id', '=', 'm.tenant_id')
        .onRef('v.model_id', '=', 'm.id')
        .onRef('v.version', '=', 'm.published_version'),
    )
    .select(['v.id', 'v.xml', 'v.tasks'])
    .where('m.tenant_id', '=', actor.tenantId)
    .where('m.key', '=', input.modelKey)
    .where('m.status', '=', 'published')
    .executeTakeFirst();
  if (!version) return null;
  const variables = input.variables ?? {};
  const step = await startRun(version.xml, variables);
  const row = await trx
    .insertInto('wf_instance')
    .values({
      tenant_id: actor.tenantId,
      version_id: version.id,
      factory_id: actor.factoryId,
      business_type: input.businessType,
      business_id: input.businessId,
      title: input.title.slice(0, 300),
      starter_id: actor.userId,
      variables: JSON.stringify(variables),
      state: JSON.stringify(step.state),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await applyStep(
    trx,
    actor,
    { id: row.id, starterId: actor.userId, businessType: input.businessType, businessId: input.businessId, done: [] },
    parseJson<StoredTask[]>(version.tasks),
    step,
    null,
  );
  return row.id;
}

export type DecideOutcome = 'agreed' | 'rejected';

/** The signature in the history of the record the process decides (issue 25), in the deciding transaction. */
async function signedHistory(
  trx: Transaction<DB>,
  actor: Actor,
  instance: { business_type: string; business_id: string; title: string },
  task: { id: string; name: string },
  outcome: DecideOutcome,
  opinion: string | null,
  signature: { signer_id: string; signer_name: string; sign_meaning: string; signed_at: Date },
): Promise<void> {
  const who = actor.audit ?? {
    tenantId: actor.tenantId,
    factoryId: actor.factoryId,
    userId: actor.userId,
    userName: null,
    apiKeyName: null,
    ip: null,
    operationId: null,
  };
  await writeHistory(trx, who, [
    {
      action: 'sign',
      entity: instance.business_type,
      recordId: instance.business_id,
      recordCode: instance.title,
      factoryId: null,
      changes: [
        { field: 'task', before: null, after: task.name },
        { field: 'decision', before: 'pending', after: outcome },
        ...(opinion ? [{ field: 'opinion', before: null, after: opinion }] : []),
      ],
      signature: {
        signerId: signature.signer_id,
        signerName: signature.signer_name,
        meaning: signature.sign_meaning,
        at: signature.signed_at.toISOString(),
      },
    },
  ]);
}

/**
 * Agrees or rejects one task of the actor. 404 when it is not theirs, 409 when already decided.
 * A task that requires a signature needs `signer` (proven by the caller: see sign.ts) with one of
 * the task's meanings; the signature is stored on the task in the same transaction.
 */
export async function decideTask(
  db: Kysely<DB>,
  actor: Actor,
  taskId: string,
  decision: 'agree' | 'reject',
  opinion: string | null,
  signer: Signer | null = null,
): Promise<DecideOutcome> {
  return inTransaction(db, async (trx) => {
    const task = await trx
      .selectFrom('wf_task')
      .selectAll()
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!task || !task.candidate_ids.map(String).includes(actor.userId)) throw notFound();
    const instance = await trx
      .selectFrom('wf_instance as i')
      .innerJoin('wf_model_version as v', (j) =>
        j.onRef('v.tenant_id', '=', 'i.tenant_id').onRef('v.id', '=', 'i.version_id'),
      )
      .select([
        'i.id',
        'i.status',
        'i.state',
        'i.starter_id',
        'i.business_type',
        'i.business_id',
        'i.title',
        'i.done_elements',
        'v.tasks',
      ])
      .where('i.tenant_id', '=', actor.tenantId)
      .where('i.id', '=', task.instance_id)
      .forUpdate('i')
      .executeTakeFirstOrThrow();
    // Read the task again under the instance lock: a concurrent decision may have taken it.
    const current = await trx
      .selectFrom('wf_task')
      .select('status')
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    if (current.status !== 'pending' || instance.status !== 'running') throw new ApiError(409, 'flow.task.decided');

    const meanings = task.sign_meanings;
    if (meanings && (!signer || signer.userId !== actor.userId)) throw new ApiError(400, 'flow.task.signatureRequired');
    if (meanings && !meanings.includes(signer!.meaning))
      throw new ApiError(400, 'flow.task.meaningNotAllowed', { task: task.name });
    const signed =
      meanings && signer
        ? { signer_id: signer.userId, signer_name: signer.name, sign_meaning: signer.meaning, signed_at: new Date() }
        : null;

    const outcome: DecideOutcome = decision === 'agree' ? 'agreed' : 'rejected';
    await trx
      .updateTable('wf_task')
      .set({ status: outcome, handler_id: actor.userId, opinion, handled_at: new Date(), ...signed })
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', taskId)
      .execute();
    if (signed) await signedHistory(trx, actor, instance, task, outcome, opinion, signed);
    await emitEvent(trx, actor.tenantId, 'approval.task.finished', {
      taskId,
      name: task.name,
      instanceId: instance.id,
      businessType: instance.business_type,
      businessId: instance.business_id,
      outcome,
      opinion,
      handlerId: actor.userId,
    });
    const ref = {
      id: instance.id,
      starterId: instance.starter_id,
      businessType: instance.business_type,
      businessId: instance.business_id,
      done: instance.done_elements,
    };
    if (decision === 'reject') {
      await trx
        .updateTable('wf_instance')
        .set({ done_elements: [...new Set([...instance.done_elements, task.element_id])] })
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', instance.id)
        .execute();
      await finish(trx, actor, ref, 'rejected', opinion);
      return outcome;
    }
    const step = await signalRun(parseJson(instance.state), task.element_id, {
      decision: 'agree',
      [task.element_id]: 'agree',
    });
    await applyStep(trx, actor, ref, parseJson<StoredTask[]>(instance.tasks), step, opinion);
    return outcome;
  });
}

/** The running process instances of these records of one business type, as instance ids by record id. */
export async function runningInstances(
  db: Kysely<DB>,
  tenantId: string,
  businessType: string,
  businessIds: string[],
): Promise<Map<string, string>> {
  if (!businessIds.length) return new Map();
  const rows = await db
    .selectFrom('wf_instance')
    .select(['id', 'business_id'])
    .where('tenant_id', '=', tenantId)
    .where('business_type', '=', businessType)
    .where('status', '=', 'running')
    .where('business_id', 'in', businessIds)
    .execute();
  return new Map(rows.map((r) => [r.business_id, r.id]));
}
