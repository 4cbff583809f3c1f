/**
 * Field definitions of the resource engine (DESIGN §3): one description of a field drives the
 * table column, the search form, the dialog form, validation (client and server), the database
 * column, and the import/export column.
 */

interface Common {
  /** Label key in the `model` namespace; defineResource fills in `<resource>.<field>`. */
  label?: string;
  required?: boolean;
  /** Unique within the resource's scope (tenant, or tenant and factory). */
  unique?: boolean;
  /** A table column; default true. */
  list?: boolean;
  /** A field of the search form (contains-match for text, a period from–to for dates and times, equality otherwise); default false. */
  search?: boolean;
  /** An import/export column; default true. */
  io?: boolean;
  /** Shown in the dialog form; default true. */
  form?: boolean;
  /** Sortable in the table; default: whether it is a list column. */
  sortable?: boolean;
  /** Value when the input leaves the field out. */
  default?: unknown;
  /** Table column width in px. */
  width?: number;
  /** Database column; default the snake_case of the key. */
  column?: string;
  /** Set by the server (a tree level …): never taken from a body or a sheet, answered like any column. */
  serverSet?: boolean;
  /** The form tab the field is on (the definition's `tabs`); default the first. */
  tab?: string;
  /** Accepted on writes, never answered (a password kept as its hash by the server's hooks). */
  writeOnly?: boolean;
  /** A hint under the field's editor: a label key in the `model` namespace. */
  hint?: string;
  /** Written when the record is made and shown, but not changed, when it is edited. */
  createOnly?: boolean;
  /**
   * On the form only while another field holds one of `values` (an SOP has no page route); a field
   * not shown is sent empty.
   */
  shownWhen?: { field: string; values: readonly string[] };
}

export interface TextField extends Common {
  kind: 'text' | 'code' | 'textarea';
  max: number;
  min?: number;
  /** A pattern the value must match, and the message key when it does not. */
  pattern?: { source: string; key: string };
}

export interface NumberField extends Common {
  kind: 'int' | 'decimal';
  min?: number;
  max?: number;
  /** Digits after the decimal point (decimal only). */
  scale?: number;
}

export interface BoolField extends Common {
  kind: 'bool';
}

export interface EnumField extends Common {
  kind: 'enum';
  values: readonly string[];
  /** Option labels are `enum.<enumName>.<value>` in the `model` namespace. */
  enumName: string;
  /** A state (frozen, available, enabled …) whose change in the table asks for confirmation (SPEC §4). */
  status?: boolean;
  /** The menu button whose permission allows the state change (`freeze` → `basic:device:freeze`); default `edit`. */
  statusVerb?: string;
  /** A button per target value (`disabled` → `disable`), overriding statusVerb. */
  statusVerbs?: Readonly<Record<string, string>>;
}

export interface DictField extends Common {
  kind: 'dict';
  /** The type of the tenant dictionary whose items are the options. */
  dictType: string;
}

export interface RefField extends Common {
  kind: 'ref' | 'refs';
  /** Name of the referenced resource; stored as its id (refs: an array of ids), imported and exported by its code. */
  resource: string;
  /** refs kept in a link table (`table(owner, target)`, both with tenant_id) instead of a column. */
  link?: { table: string; owner: string; target: string };
}

export interface TemporalField extends Common {
  /** date `YYYY-MM-DD`, datetime ISO 8601, time `HH:mm`. */
  kind: 'date' | 'datetime' | 'time';
}

export interface DetailsField extends Common {
  /** Rows of sub-fields kept with the record (e.g. a shift's time intervals); blank rows are refused (SPEC §5). */
  kind: 'details';
  fields: Record<string, ScalarField>;
  minRows?: number;
  maxRows?: number;
}

export type ScalarField = TextField | NumberField | BoolField | EnumField | DictField | RefField | TemporalField;
export type FieldDef = ScalarField | DetailsField;
export type FieldKind = FieldDef['kind'];

type Opts<T> = Omit<T, 'kind'>;

/** Messages of the field patterns below (namespace `model`). */
export const PATTERNS = {
  code: { source: '^[A-Za-z0-9][A-Za-z0-9_.\\-]*$', key: 'validation.codeFormat' },
  lettersDigits: { source: '^[A-Za-z0-9]+$', key: 'validation.lettersDigits' },
  mobile: { source: '^1\\d{10}$', key: 'validation.mobile' },
  email: { source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', key: 'validation.email' },
  ipv4: {
    source: '^((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$',
    key: 'validation.ip',
  },
  mac: { source: '^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$', key: 'validation.mac' },
  phone: { source: '^[0-9+()\\- ]{5,20}$', key: 'validation.phone' },
  postcode: { source: '^[A-Za-z0-9][A-Za-z0-9 \\-]{1,15}$', key: 'validation.postcode' },
} as const;

export const field = {
  /** A business code: required, unique within the scope, searchable. */
  code: (o: Partial<Opts<TextField>> = {}): TextField => ({
    kind: 'code',
    max: 64,
    required: true,
    unique: true,
    search: true,
    pattern: PATTERNS.code,
    ...o,
  }),
  text: (o: Partial<Opts<TextField>> = {}): TextField => ({ kind: 'text', max: 128, ...o }),
  textarea: (o: Partial<Opts<TextField>> = {}): TextField => ({ kind: 'textarea', max: 500, list: false, ...o }),
  int: (o: Partial<Opts<NumberField>> = {}): NumberField => ({ kind: 'int', ...o }),
  decimal: (o: Partial<Opts<NumberField>> = {}): NumberField => ({ kind: 'decimal', scale: 4, ...o }),
  bool: (o: Partial<Opts<BoolField>> = {}): BoolField => ({ kind: 'bool', default: false, ...o }),
  enum: (enumName: string, values: readonly string[], o: Partial<Opts<EnumField>> = {}): EnumField => ({
    kind: 'enum',
    enumName,
    values,
    ...o,
  }),
  dict: (dictType: string, o: Partial<Opts<DictField>> = {}): DictField => ({ kind: 'dict', dictType, ...o }),
  ref: (resource: string, o: Partial<Opts<RefField>> = {}): RefField => ({ kind: 'ref', resource, ...o }),
  refs: (resource: string, o: Partial<Opts<RefField>> = {}): RefField => ({
    kind: 'refs',
    resource,
    list: false,
    ...o,
  }),
  date: (o: Partial<Opts<TemporalField>> = {}): TemporalField => ({ kind: 'date', ...o }),
  datetime: (o: Partial<Opts<TemporalField>> = {}): TemporalField => ({ kind: 'datetime', ...o }),
  time: (o: Partial<Opts<TemporalField>> = {}): TemporalField => ({ kind: 'time', ...o }),
  details: (fields: Record<string, ScalarField>, o: Partial<Opts<DetailsField>> = {}): DetailsField => ({
    kind: 'details',
    fields,
    list: false,
    io: false,
    ...o,
  }),
};
