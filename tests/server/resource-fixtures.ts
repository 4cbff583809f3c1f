/**
 * Valid values for any resource definition (tests and benchmark of the resource engine): each field
 * kind gets a value its schema accepts; references are created first, in dependency order.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  apiPath,
  type FieldDef,
  type ResourceDef,
  type ResourceRow,
  type ScalarField,
  type TextField,
} from '../../model/engine';
import { resourceByName } from '../../model/resources';
import { RULE_EXAMPLES } from '../../model/rules/examples';
import type { DB } from '../../server/db/types';
import { call } from './harness';

/** Items given to every dictionary a definition uses (when the tenant does not have it yet). */
export const DICT_ITEMS: [value: string, label: string][] = [
  ['t1', 'Test one'],
  ['t2', 'Test two'],
];

/** Makes sure the tenant has a dictionary of every type the definitions use; returns type → item values. */
export async function seedDicts(
  db: Kysely<DB>,
  tenantId: string,
  defs: readonly ResourceDef[],
): Promise<Map<string, string[]>> {
  const types = new Set(
    defs.flatMap((d) => Object.values(d.fields).flatMap((f) => (f.kind === 'dict' ? [f.dictType] : []))),
  );
  const out = new Map<string, string[]>();
  for (const type of types) {
    let dict = await db
      .selectFrom('dict')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('type', '=', type)
      .executeTakeFirst();
    if (!dict) {
      dict = await db
        .insertInto('dict')
        .values({ tenant_id: tenantId, name: type, type })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('dict_item')
        .values(
          DICT_ITEMS.map(([value, label], i) => ({ tenant_id: tenantId, dict_id: dict!.id, value, label, sort: i })),
        )
        .execute();
    }
    const items = await db
      .selectFrom('dict_item')
      .select('value')
      .where('tenant_id', '=', tenantId)
      .where('dict_id', '=', dict.id)
      .orderBy('sort')
      .execute();
    out.set(
      type,
      items.map((i) => i.value),
    );
  }
  return out;
}

/**
 * Prefixes of the default apps nobody runs in the tests: an app row made here takes one of them, and
 * the maker first switches the seeded default app off (one enabled app per prefix), made disabled.
 */
const FREED_PREFIXES = ['mes', 'qms', 'wms', 'esop', 'tpm', 'spc', 'dcm', 'spm', 'fms', 'datav', 'mds'];

let counter = 0;
/** A run-unique group of codes: `Z` + two base-36 digits; rows of a group add one more digit. */
export function newGroup(): string {
  counter++;
  return `Z${counter.toString(36).toUpperCase().padStart(2, '0')}`;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const hex = (n: number) => (n & 255).toString(16).toUpperCase().padStart(2, '0');

function textValue(f: TextField, n: number): string {
  const candidates: string[] = [];
  switch (f.pattern?.key) {
    case 'validation.mobile':
      candidates.push(`138${pad(n % 1e8, 8)}`);
      break;
    case 'validation.email':
      candidates.push(`u${n}@example.com`);
      break;
    case 'validation.ip':
      candidates.push(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
      break;
    case 'validation.mac':
      candidates.push(`02:00:00:${hex(n >> 16)}:${hex(n >> 8)}:${hex(n)}`);
      break;
    case 'validation.phone':
      candidates.push(`+86 21 ${pad(n % 1e8, 8)}`, pad(n % 1e5, 5));
      break;
    case 'validation.extension':
      candidates.push(pad(10 + (n % 1e6), 6));
      break;
    case 'validation.postcode':
      candidates.push(pad(100000 + (n % 900000), 6));
      break;
    case 'validation.password':
      candidates.push(`Pw.${pad(n % 1e6, 6)}`);
      break;
    case 'validation.upc':
      candidates.push(`690${pad(n % 1e10, 10)}`);
      break;
    case 'validation.dateFormat':
      candidates.push('YYYYMMDD', 'YYYY-MM-DD');
      break;
    case 'validation.suffixes':
      candidates.push('pdf,png', 'mp4');
      break;
    case 'validation.url':
      candidates.push(`https://app${n}.example.com/app`);
      break;
    case 'validation.prefixList':
      candidates.push(FREED_PREFIXES[n % FREED_PREFIXES.length] as string);
      break;
    default:
      break;
  }
  candidates.push(`Value ${n}`, `V${n}`, `V${n % 1000}`, `${n % 10}`);
  const re = f.pattern ? new RegExp(f.pattern.source) : null;
  const ok = candidates.find((c) => c.length <= f.max && c.length >= (f.min ?? 0) && (!re || re.test(c)));
  if (!ok) throw new Error(`No test value for a text field (max ${f.max}, pattern ${f.pattern?.key})`);
  return ok;
}

function numberValue(f: Extract<FieldDef, { kind: 'int' | 'decimal' }>, n: number): number {
  const lo = f.min ?? 0;
  const hi = f.max ?? lo + 1000;
  const scale = f.kind === 'decimal' ? (f.scale ?? 4) : 0;
  const base = lo + (n % Math.max(1, Math.floor(hi - lo)));
  const v = scale > 0 && base + 0.5 <= hi ? base + 0.5 : base;
  return Math.min(hi, v);
}

export interface MakerOptions {
  app: FastifyInstance;
  token: string;
  /** X-Factory-Id of the scope to create rows in. */
  factoryId: string;
  dicts: Map<string, string[]>;
}

/** Creates valid rows of any resource through the API, with the rows they refer to. */
export class Maker {
  private readonly shared = new Map<string, Promise<ResourceRow>>();
  private n = 0;
  private freed: Promise<void> | null = null;

  /** Switches off the seeded default apps of FREED_PREFIXES, once (the registry is shared by every tenant). */
  private freePrefixes(): Promise<void> {
    this.freed ??= (async () => {
      const list = await call<{ records: { id: string; prefixPath: string; status: string }[] }>(
        this.opts.app,
        'GET',
        '/api/platform-system/app?size=100',
        { token: this.opts.token },
      );
      for (const a of list.body.data?.records ?? []) {
        if (a.status === 'enabled' && a.prefixPath.split(',').some((p) => FREED_PREFIXES.includes(p.trim()))) {
          await call(this.opts.app, 'POST', `/api/platform-system/app/${a.id}/state`, {
            token: this.opts.token,
            body: { field: 'status', value: 'disabled' },
          });
        }
      }
    })();
    return this.freed;
  }

  constructor(readonly opts: MakerOptions) {}

  get headers() {
    return { 'x-factory-id': this.opts.factoryId };
  }

  /** A row of `name` that referring rows share (created once per maker). */
  sharedRow(name: string): Promise<ResourceRow> {
    let row = this.shared.get(name);
    if (!row) {
      const def = resourceByName(name);
      if (!def) throw new Error(`unknown resource ${name}`);
      row = this.create(def, { [def.codeField]: `${newGroup()}S` });
      this.shared.set(name, row);
    }
    return row;
  }

  private async scalar(def: ResourceDef, f: ScalarField, n: number, timeIndex = 0): Promise<unknown> {
    switch (f.kind) {
      case 'code':
      case 'text':
      case 'textarea':
        return textValue(f, n);
      case 'int':
      case 'decimal':
        return numberValue(f, n);
      case 'bool':
        return true;
      case 'enum':
        return f.values[0];
      case 'dict':
        return this.opts.dicts.get(f.dictType)?.[0] ?? 't1';
      case 'ref':
        return f.resource === def.name ? null : (await this.sharedRow(f.resource)).id;
      case 'refs':
        // Link-table refs (a role's users, a user's roles) go both ways: filling them would create each from the other.
        return f.resource === def.name || f.link ? [] : [(await this.sharedRow(f.resource)).id];
      case 'date':
        return `2026-03-${pad((n % 28) + 1, 2)}`;
      case 'datetime':
        return new Date(Date.UTC(2026, 2, 1, 8, n % 60)).toISOString();
      case 'time':
        return `${pad(8 + 4 * timeIndex, 2)}:00`;
    }
  }

  /** A valid body for `def`: every field filled (optional ones too), `code` given or generated. */
  async values(def: ResourceDef, code?: string): Promise<Record<string, unknown>> {
    const n = ++this.n + Math.floor(Math.random() * 1000) * 1000;
    if (def.name === 'app') await this.freePrefixes();
    const body: Record<string, unknown> = {};
    for (const [key, f] of Object.entries(def.fields)) {
      if (f.kind === 'details') {
        const rows = Math.max(1, f.minRows ?? 1);
        body[key] = [];
        for (let r = 0; r < rows; r++) {
          const row: Record<string, unknown> = {};
          let t = r * 2;
          for (const [sub, sf] of Object.entries(f.fields))
            row[sub] = await this.scalar(def, sf, n + r, sf.kind === 'time' ? t++ : 0);
          (body[key] as unknown[]).push(row);
        }
        continue;
      }
      body[key] = await this.scalar(def, f, n);
    }
    // Rules whose cross-field checks generic values cannot pass start from a valid example.
    Object.assign(body, structuredClone(RULE_EXAMPLES[def.name] ?? {}));
    // Made switched off, so that several app rows may share a prefix until a test switches one on.
    if (def.name === 'app') body.status = 'disabled';
    body[def.codeField] = code ?? `${newGroup()}0`;
    return body;
  }

  async create(def: ResourceDef, overrides: Record<string, unknown> = {}): Promise<ResourceRow> {
    const body = { ...(await this.values(def, overrides[def.codeField] as string | undefined)), ...overrides };
    const res = await call<ResourceRow>(this.opts.app, 'POST', apiPath(def), {
      token: this.opts.token,
      headers: this.headers,
      body,
    });
    if (res.status !== 200)
      throw new Error(
        `creating ${def.name} failed: ${res.status} ${JSON.stringify(res.body)} for ${JSON.stringify(body)}`,
      );
    return res.body.data;
  }
}
