/**
 * The condition language of workflow gateways: `${amount > 100 && decision == 'agree'}`.
 * A small, closed grammar evaluated without `eval`, so a model written by a tenant can never run
 * code on the server. Identifiers name process variables; dotted paths read nested values.
 *
 *   expr    := or
 *   or      := and ('||' and)*
 *   and     := unary ('&&' unary)*
 *   unary   := '!' unary | compare
 *   compare := operand (('==' | '!=' | '>' | '>=' | '<' | '<=') operand)?
 *   operand := number | string | true | false | null | path | '(' expr ')'
 */

export type Value = string | number | boolean | null | undefined;
type Node =
  | { kind: 'lit'; value: Value }
  | { kind: 'path'; path: string[] }
  | { kind: 'not'; of: Node }
  | { kind: 'bin'; op: string; left: Node; right: Node };

export class ExpressionError extends Error {}

const TOKEN =
  /\s*(\d+(?:\.\d+)?|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|&&|\|\||==|!=|>=|<=|[<>!()]|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)/y;

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(source);
    if (!m) throw new ExpressionError(`unexpected character at ${at}`);
    tokens.push(m[1]!);
    at = TOKEN.lastIndex;
  }
  return tokens;
}

/** Parses an expression body (without `${ }`); throws ExpressionError when it is not in the grammar. */
export function parseExpression(source: string): Node {
  if (source.length > 500) throw new ExpressionError('too long');
  const tokens = tokenize(source);
  let i = 0;
  const peek = () => tokens[i];
  const take = () => tokens[i++];

  const operand = (): Node => {
    const t = take();
    if (t === undefined) throw new ExpressionError('unexpected end');
    if (t === '(') {
      const inner = or();
      if (take() !== ')') throw new ExpressionError('missing )');
      return inner;
    }
    if (/^\d/.test(t)) return { kind: 'lit', value: Number(t) };
    if (t.startsWith("'") || t.startsWith('"')) return { kind: 'lit', value: t.slice(1, -1).replace(/\\(.)/g, '$1') };
    if (t === 'true' || t === 'false') return { kind: 'lit', value: t === 'true' };
    if (t === 'null') return { kind: 'lit', value: null };
    if (/^[A-Za-z_$]/.test(t)) return { kind: 'path', path: t.split('.') };
    throw new ExpressionError(`unexpected ${t}`);
  };
  const compare = (): Node => {
    const left = operand();
    const op = peek();
    if (op && ['==', '!=', '>', '>=', '<', '<='].includes(op)) {
      take();
      return { kind: 'bin', op, left, right: operand() };
    }
    return left;
  };
  const unary = (): Node => {
    if (peek() === '!') {
      take();
      return { kind: 'not', of: unary() };
    }
    return compare();
  };
  const and = (): Node => {
    let left = unary();
    while (peek() === '&&') {
      take();
      left = { kind: 'bin', op: '&&', left, right: unary() };
    }
    return left;
  };
  const or = (): Node => {
    let left = and();
    while (peek() === '||') {
      take();
      left = { kind: 'bin', op: '||', left, right: and() };
    }
    return left;
  };

  const node = or();
  if (i !== tokens.length) throw new ExpressionError(`unexpected ${tokens[i]}`);
  return node;
}

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

function read(scope: unknown, path: string[]): Value {
  let at: unknown = scope;
  for (const part of path) {
    if (FORBIDDEN.has(part) || at === null || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, part))
      return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === 'object' && at !== null ? undefined : (at as Value);
}

/** Loose on purpose: a form sends "100" where the model compares with 100. */
function equal(a: Value, b: Value): boolean {
  if (a == null || b == null) return a == b;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
}

function evaluate(node: Node, vars: Record<string, unknown>): Value {
  switch (node.kind) {
    case 'lit':
      return node.value;
    case 'path':
      return read(
        vars,
        node.path[0] === 'environment' && node.path[1] === 'variables' ? node.path.slice(2) : node.path,
      );
    case 'not':
      return !evaluate(node.of, vars);
    case 'bin': {
      if (node.op === '&&') return Boolean(evaluate(node.left, vars)) && Boolean(evaluate(node.right, vars));
      if (node.op === '||') return Boolean(evaluate(node.left, vars)) || Boolean(evaluate(node.right, vars));
      const a = evaluate(node.left, vars);
      const b = evaluate(node.right, vars);
      switch (node.op) {
        case '==':
          return equal(a, b);
        case '!=':
          return !equal(a, b);
        default: {
          if (a == null || b == null) return false;
          const [x, y] =
            typeof a === 'number' || typeof b === 'number' ? [Number(a), Number(b)] : [String(a), String(b)];
          if (typeof x === 'number' && (Number.isNaN(x) || Number.isNaN(y as number))) return false;
          return node.op === '>' ? x > y : node.op === '>=' ? x >= y : node.op === '<' ? x < y : x <= y;
        }
      }
    }
  }
}

const WRAPPED = /^\s*\$\{([\s\S]*)\}\s*$/;

/** The body of `${…}`, or null when the text is not a single wrapped expression. */
export function unwrapExpression(text: string): string | null {
  const m = WRAPPED.exec(text);
  return m ? m[1]! : null;
}

/** Evaluates `${…}` (or a bare body) against the variables. */
export function evaluateCondition(text: string, vars: Record<string, unknown>): Value {
  return evaluate(parseExpression(unwrapExpression(text) ?? text), vars);
}
