/**
 * Who a user task waits for, written on the task as `mes:assignee` in the BPMN XML:
 *   user:<account>      one user of the tenant
 *   role:<code>         every enabled user holding the role
 *   dept-head:<code>    the head of the department with that code
 *   manager             the head of the starter's department (of its parent when the starter heads it)
 */
export const ASSIGNEE_NAMESPACE = 'http://mes-portal.local/schema/bpmn';
export const ASSIGNEE_ATTRIBUTE = 'mes:assignee';

export type AssigneeSpec =
  | { kind: 'user'; account: string }
  | { kind: 'role'; code: string }
  | { kind: 'dept-head'; code: string }
  | { kind: 'manager' };

export type AssigneeKind = AssigneeSpec['kind'];
export const ASSIGNEE_KINDS: readonly AssigneeKind[] = ['user', 'role', 'dept-head', 'manager'];

const CODE = /^[\w.@-]{1,64}$/;

export function parseAssignee(text: string | undefined | null): AssigneeSpec | null {
  if (!text) return null;
  const value = text.trim();
  if (value === 'manager') return { kind: 'manager' };
  const at = value.indexOf(':');
  if (at < 0) return null;
  const kind = value.slice(0, at);
  const code = value.slice(at + 1);
  if (!CODE.test(code)) return null;
  if (kind === 'user') return { kind, account: code };
  if (kind === 'role' || kind === 'dept-head') return { kind, code };
  return null;
}

export function formatAssignee(spec: AssigneeSpec): string {
  switch (spec.kind) {
    case 'user':
      return `user:${spec.account}`;
    case 'role':
      return `role:${spec.code}`;
    case 'dept-head':
      return `dept-head:${spec.code}`;
    case 'manager':
      return 'manager';
  }
}
