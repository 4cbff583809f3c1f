import type { Language } from '../languages';
import type { FieldDef } from './field';

/** `shared`: one table for every tenant (no tenant_id), e.g. the product's menu tree. */
export type Scope = 'tenant' | 'factory' | 'shared';
export type Service = 'platform-system' | 'cloudbase-system' | 'basic-system' | 'flow-system';
export type Verb = 'view' | 'add' | 'edit' | 'delete' | 'import' | 'export';
export const VERBS: readonly Verb[] = ['view', 'add', 'edit', 'delete', 'import', 'export'];

/** A cross-field rule's finding: the field it belongs to and a message key of the `model` namespace. */
export interface RuleIssue {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

export interface ResourceInput<F extends Record<string, FieldDef>> {
  /** Singular kebab-case name, the API's resource segment (`warehouse-area`). */
  name: string;
  service: Service;
  /** Database table; default the snake_case of the name. */
  table?: string;
  scope: Scope;
  /** Permission prefix; the codes are `<prefix>:view`, `:add`, `:edit`, `:delete`, `:import`, `:export`. */
  permissions: string;
  fields: F;
  /** The business key: unique, used by imports to refer to rows and by messages; default `code`. */
  codeField?: keyof F & string;
  /** What names a row where it is referenced; default `name`. */
  displayField?: keyof F & string;
  /**
   * A row named in five languages: the field holding its name in each. Where the row is referenced
   * it is named in the user's language, else in zh-CN, else by `displayField`.
   */
  localNames?: Record<Language, keyof F & string>;
  defaultSort?: { field: keyof F & string; order: 'asc' | 'desc' };
  /** Rules across fields (start before end, length within limits …), run on the client and the server. */
  rules?: (row: Record<string, unknown>) => RuleIssue[];
  /** Label-key prefix in the `model` namespace; default the camelCase of the name. */
  labelPrefix?: string;
  /**
   * Tabs of the form, the first holding the basic information: a new row shows only it and is
   * saved before the others open (SPEC §5). A field names its tab; without one it is on the first.
   * Each tab follows the menu's tab permission `<permissions>:tab-<tab>` (SPEC §6).
   */
  tabs?: readonly string[];
  /** The verbs the resource offers (routes and buttons); default all of VERBS. */
  verbs?: readonly Verb[];
  /** A tree by a reference to the resource itself: the screen offers a tree view beside the list. */
  tree?: { parent: keyof F & string };
  /**
   * The route of its screen (its first segment is the sub-app's prefix, SPEC §2); default
   * `/basic/<name>` for basic data; none: it has no screen of its own (a dictionary's details).
   */
  path?: string;
  /** Its entry in the menu, where it has one (see ResourceMenu). */
  menu?: ResourceMenu;
  /**
   * Who serves its routes: `engine` (the default) registers them from the definition; `feature`: its
   * feature's own routes (server/<feature>/, declared in model/contract, reached by the screen
   * through model/contract/operations.ts), the definition describing its records to the screen:
   * columns, search, form and history.
   */
  served?: 'engine' | 'feature';
  /** Whether the screen offers each record's history of changes; default: when it can be written. */
  history?: boolean;
}

/**
 * A definition's menu entry (model/catalogue.ts): the catalogue it sits in (`catalogue:<group>`), in
 * the registry's order, with a button per verb and the extra `buttons` named here. Its name in every
 * language is the locale key `<labelPrefix>._menu`, its tabs' names `<labelPrefix>._tabs.<tab>`.
 */
export interface ResourceMenu {
  /** The catalogue its entry follows the others of; without one, model/catalogue.ts places it by its path. */
  group?: string;
  /** Buttons besides one per verb (`enable`, `reset-password` …). */
  buttons?: readonly string[];
  /** Granted to the seeded staff role (view only). */
  staff?: boolean;
  icon?: string;
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  name: string;
  service: Service;
  table: string;
  scope: Scope;
  permissions: string;
  fields: F;
  codeField: string;
  displayField: string;
  localNames?: Record<Language, string>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  rules?: (row: Record<string, unknown>) => RuleIssue[];
  labelPrefix: string;
  /** Label key of the entity's name: `<labelPrefix>._title`. */
  titleKey: string;
  tabs?: readonly string[];
  verbs: readonly Verb[];
  tree?: { parent: string };
  /** The route of its screen; null: none of its own. */
  path: string | null;
  menu?: ResourceMenu;
  served: 'engine' | 'feature';
  history: boolean;
}

export const snake = (s: string) =>
  s
    .replace(/[-\s]+/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
export const camel = (s: string) => s.replace(/[-_]+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** Completes a definition with its defaults: labels, columns, business key, sort. */
export function defineResource<F extends Record<string, FieldDef>>(input: ResourceInput<F>): ResourceDef<F> {
  const labelPrefix = input.labelPrefix ?? camel(input.name);
  const fields = Object.fromEntries(
    Object.entries(input.fields).map(([key, f]) => {
      const filled = {
        list: true,
        io: true,
        form: true,
        ...f,
        label: f.label ?? `${labelPrefix}.${key}`,
        column: f.column ?? snake(key),
      };
      if (filled.kind === 'details') {
        filled.fields = Object.fromEntries(
          Object.entries(filled.fields).map(([k, sub]) => [
            k,
            { required: true, ...sub, label: sub.label ?? `${labelPrefix}.${key}.${k}`, column: sub.column ?? k },
          ]),
        );
      }
      return [key, { sortable: filled.list, ...filled }];
    }),
  ) as F;
  const codeField = input.codeField ?? 'code';
  const verbs = input.verbs ?? VERBS;
  const displayField = input.displayField ?? ('name' in fields ? 'name' : codeField);
  return {
    name: input.name,
    service: input.service,
    table: input.table ?? snake(input.name),
    scope: input.scope,
    permissions: input.permissions,
    fields,
    codeField,
    displayField,
    ...(input.localNames ? { localNames: input.localNames } : {}),
    defaultSort: input.defaultSort ?? { field: codeField, order: 'asc' },
    rules: input.rules,
    labelPrefix,
    titleKey: `${labelPrefix}._title`,
    ...(input.tabs ? { tabs: input.tabs } : {}),
    verbs,
    ...(input.tree ? { tree: input.tree } : {}),
    path: input.path ?? (input.service === 'basic-system' ? `/basic/${input.name}` : null),
    ...(input.menu ? { menu: input.menu } : {}),
    served: input.served ?? 'engine',
    history: input.history ?? verbs.some((v) => v !== 'view' && v !== 'export'),
  };
}

export function permissionCode(def: Pick<ResourceDef, 'permissions'>, verb: Verb): string {
  return `${def.permissions}:${verb}`;
}

type Entry = [string, FieldDef];
const entries = (def: ResourceDef): Entry[] => Object.entries(def.fields);

export const listFields = (def: ResourceDef) => entries(def).filter(([, f]) => f.list !== false);
export const searchFields = (def: ResourceDef) => entries(def).filter(([, f]) => f.search);
/** Keys the list may sort on. */
export const sortableKeys = (def: ResourceDef) =>
  entries(def)
    .filter(([, f]) => f.sortable && f.kind !== 'details' && f.kind !== 'refs')
    .map(([k]) => k);
export const formFields = (def: ResourceDef) => entries(def).filter(([, f]) => f.form !== false);
export const ioFields = (def: ResourceDef) => entries(def).filter(([, f]) => f.io !== false);
export const uniqueFields = (def: ResourceDef) => entries(def).filter(([, f]) => f.unique);
export const refFields = (def: ResourceDef) =>
  entries(def).filter(
    (e): e is [string, Extract<FieldDef, { kind: 'ref' | 'refs' }>] => e[1].kind === 'ref' || e[1].kind === 'refs',
  );
/** The state fields whose change asks for confirmation (SPEC §4). */
export const statusFields = (def: ResourceDef) => entries(def).filter(([, f]) => f.kind === 'enum' && f.status);

/** `/api/<service>/<name>` */
export function apiPath(def: Pick<ResourceDef, 'service' | 'name'>): string {
  return `/api/${def.service}/${def.name}`;
}
