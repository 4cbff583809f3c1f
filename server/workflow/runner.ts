/**
 * Runs a process on bpmn-engine without keeping it in memory: every step recovers the engine from
 * the state stored with the instance, applies one signal, and hands back the new state. A server
 * restart, or another server process, therefore continues exactly where the last step stopped.
 */
import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import type { IScripts } from 'bpmn-elements';
import { evaluateCondition, unwrapExpression } from '../../model/workflow/expression';

export interface StepResult {
  state: unknown;
  /** User tasks waiting for a decision (element ids). */
  waiting: string[];
  /** Elements that ended during this step. */
  left: string[];
  ended: boolean;
}

/** Conditions use the portal's closed grammar; scripts never run (deploy refuses them too). */
const expressions = {
  resolveExpression(text: string, context: { environment?: { variables?: Record<string, unknown> } }) {
    return evaluateCondition(text, context.environment?.variables ?? {});
  },
  isExpression: (text: unknown) => typeof text === 'string' && unwrapExpression(text) !== null,
  hasExpression: (text: unknown) => typeof text === 'string' && unwrapExpression(text) !== null,
};
// No script is ever returned, so conditions are evaluated as expressions (by the grammar above).
// The library's type says getScript always answers a Script; its own default answers undefined too.
const scripts = { register: () => undefined, getScript: () => undefined } as unknown as IScripts;

interface ActivityApi {
  id: string;
  type: string;
}

function listen() {
  const listener = new EventEmitter();
  const left: string[] = [];
  const waiting = new Set<string>();
  listener.on('activity.wait', (api: ActivityApi) => {
    if (api.type === 'bpmn:UserTask') waiting.add(api.id);
  });
  listener.on('activity.end', (api: ActivityApi) => {
    left.push(api.id);
    waiting.delete(api.id);
  });
  return { listener, left, waiting };
}

async function settle(engine: Engine, left: string[]): Promise<StepResult> {
  // The engine runs synchronously between waits; one turn lets any deferred message land.
  await new Promise((r) => setImmediate(r));
  const execution = engine.execution;
  const waiting = execution
    .getPostponed()
    .filter((a) => a.type === 'bpmn:UserTask')
    .map((a) => a.id);
  const ended = !execution.isRunning && waiting.length === 0;
  if (engine.state === 'error') throw new Error('workflow engine error');
  return { state: JSON.parse(JSON.stringify(await engine.getState())), waiting, left, ended };
}

export async function startRun(xml: string, variables: Record<string, unknown>): Promise<StepResult> {
  const { listener, left } = listen();
  const engine = new Engine({ name: 'portal', source: xml, variables, expressions, scripts });
  await engine.execute({ listener });
  return settle(engine, left);
}

/** Completes one waiting user task, with `variables` merged into the process variables first. */
export async function signalRun(
  state: unknown,
  elementId: string,
  variables: Record<string, unknown>,
): Promise<StepResult> {
  const { listener, left } = listen();
  const engine = new Engine({ name: 'portal', expressions, scripts }).recover(
    state as never,
    { expressions, scripts } as never,
  );
  const execution = await engine.resume({ listener });
  Object.assign(execution.environment.variables, variables);
  if (!execution.getPostponed().some((a) => a.id === elementId)) throw new Error(`task ${elementId} is not waiting`);
  execution.signal({ id: elementId });
  return settle(engine, left);
}
