/**
 * Deploy-time validation of a BPMN model: parses the XML with bpmn-moddle and refuses what the
 * portal cannot run safely or cannot route (scripts, services, timers, a user task without an
 * assignee, a condition outside the gateway grammar, a node nobody can reach or leave).
 */
import { BpmnModdle } from 'bpmn-moddle';
import { ASSIGNEE_ATTRIBUTE, parseAssignee, type AssigneeSpec } from '../../model/workflow/assignee';
import { ExpressionError, parseExpression, unwrapExpression } from '../../model/workflow/expression';
import { SIGNATURE_ATTRIBUTE, parseSignatureMeanings, type SignatureMeaning } from '../../model/workflow/signature';

export interface TaskSpec {
  id: string;
  name: string;
  assignee: AssigneeSpec;
  /** Meanings a signer may choose; absent when deciding needs no signature. */
  signature?: SignatureMeaning[];
}

export interface CheckedModel {
  processId: string;
  tasks: TaskSpec[];
}

export interface Problem {
  key: string;
  element: string | null;
}

interface Element {
  $type: string;
  id: string;
  name?: string;
  $attrs?: Record<string, string>;
  flowElements?: Element[];
  rootElements?: Element[];
  eventDefinitions?: Element[];
  sourceRef?: Element;
  targetRef?: Element;
  conditionExpression?: { body?: string; language?: string };
  default?: Element;
  isExecutable?: boolean;
}

export const MAX_XML_BYTES = 1_000_000;
const MAX_ELEMENTS = 500;

/** Elements a model may hold; anything else (scripts, services, timers, messages) is refused. */
const ALLOWED = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:SequenceFlow',
  'bpmn:TextAnnotation',
  'bpmn:Association',
]);

export async function checkModel(
  xml: string,
): Promise<{ ok: true; model: CheckedModel } | { ok: false; problems: Problem[] }> {
  const problems: Problem[] = [];
  const fail = (key: string, element: string | null = null) => {
    problems.push({ key, element });
  };
  if (Buffer.byteLength(xml) > MAX_XML_BYTES)
    return { ok: false, problems: [{ key: 'flow.model.tooLarge', element: null }] };
  // External entities and DTDs are never needed by BPMN; refuse them before any parser sees them.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    return { ok: false, problems: [{ key: 'flow.model.unreadable', element: null }] };

  let root: Element;
  try {
    const parsed = await new BpmnModdle().fromXML(xml);
    root = parsed.rootElement as unknown as Element;
    if (parsed.warnings.length > 0) fail('flow.model.unreadable');
  } catch {
    return { ok: false, problems: [{ key: 'flow.model.unreadable', element: null }] };
  }
  if (problems.length) return { ok: false, problems };

  const processes = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) return { ok: false, problems: [{ key: 'flow.model.oneProcess', element: null }] };
  const process = processes[0]!;
  const elements = process.flowElements ?? [];
  if (elements.length > MAX_ELEMENTS) return { ok: false, problems: [{ key: 'flow.model.tooLarge', element: null }] };

  for (const e of elements) {
    if (!ALLOWED.has(e.$type)) fail('flow.model.unsupportedElement', e.id);
    if ((e.eventDefinitions ?? []).length > 0) fail('flow.model.unsupportedElement', e.id);
  }
  const starts = elements.filter((e) => e.$type === 'bpmn:StartEvent');
  const ends = elements.filter((e) => e.$type === 'bpmn:EndEvent');
  const userTasks = elements.filter((e) => e.$type === 'bpmn:UserTask');
  if (starts.length !== 1) fail('flow.model.oneStart');
  if (ends.length === 0) fail('flow.model.noEnd');
  if (userTasks.length === 0) fail('flow.model.noTask');

  const tasks: TaskSpec[] = [];
  for (const t of userTasks) {
    const assignee = parseAssignee(t.$attrs?.[ASSIGNEE_ATTRIBUTE]);
    const signature = parseSignatureMeanings(t.$attrs?.[SIGNATURE_ATTRIBUTE]);
    if (signature === 'invalid') fail('flow.model.badSignature', t.id);
    if (!assignee) fail('flow.model.noAssignee', t.id);
    else
      tasks.push({
        id: t.id,
        name: t.name?.trim() || t.id,
        assignee,
        ...(Array.isArray(signature) ? { signature } : {}),
      });
  }

  // <incoming>/<outgoing> are optional in the XML: the flows' own references are the truth.
  const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow');
  const outgoing = new Map<string, Element[]>();
  const incoming = new Map<string, number>();
  for (const f of flows) {
    if (!f.sourceRef || !f.targetRef) {
      fail('flow.model.unreadable', f.id);
      continue;
    }
    outgoing.set(f.sourceRef.id, [...(outgoing.get(f.sourceRef.id) ?? []), f]);
    incoming.set(f.targetRef.id, (incoming.get(f.targetRef.id) ?? 0) + 1);
  }
  const nodes = elements.filter(
    (e) => e.$type !== 'bpmn:SequenceFlow' && e.$type !== 'bpmn:TextAnnotation' && e.$type !== 'bpmn:Association',
  );
  for (const n of nodes) {
    if (n.$type !== 'bpmn:StartEvent' && !incoming.get(n.id)) fail('flow.model.unreachable', n.id);
    if (n.$type !== 'bpmn:EndEvent' && !outgoing.get(n.id)) fail('flow.model.deadEnd', n.id);
  }
  for (const f of flows) {
    const body = f.conditionExpression?.body;
    if (body === undefined) {
      const source = f.sourceRef;
      if (
        source?.$type === 'bpmn:ExclusiveGateway' &&
        source.default?.id !== f.id &&
        (outgoing.get(source.id) ?? []).length > 1
      )
        fail('flow.model.noCondition', f.id);
      continue;
    }
    try {
      if (f.conditionExpression?.language) throw new ExpressionError('scripts are not run');
      parseExpression(unwrapExpression(body) ?? '\u0000');
    } catch (e) {
      if (!(e instanceof ExpressionError)) throw e;
      fail('flow.model.badCondition', f.id);
    }
  }
  if (starts.length === 1 && problems.length === 0) {
    const seen = new Set<string>();
    const queue: Element[] = [starts[0]!];
    while (queue.length) {
      const n = queue.pop()!;
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      for (const f of outgoing.get(n.id) ?? []) if (f.targetRef) queue.push(f.targetRef);
    }
    for (const n of nodes) if (!seen.has(n.id)) fail('flow.model.unreachable', n.id);
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, model: { processId: process.id, tasks } };
}
