/** The definitions the engine serves, and who refers to whom. */
import { refFields, type FieldDef, type RefField, type ResourceDef } from '../../model/engine';

/** A field (or a detail sub-field) of `owner` that refers to another resource. */
export interface Referrer {
  owner: ResourceDef;
  key: string;
  field: RefField;
  /** Set for a ref inside a details field: the details field's key (the value lives in its jsonb rows). */
  detailsKey?: string;
}

export class Registry {
  private readonly byName: Map<string, ResourceDef>;
  private readonly referrers = new Map<string, Referrer[]>();

  constructor(readonly resources: readonly ResourceDef[]) {
    this.byName = new Map(resources.map((r) => [r.name, r]));
    for (const owner of resources) {
      for (const [key, field] of refFields(owner)) this.addReferrer({ owner, key, field });
      for (const [key, f] of Object.entries(owner.fields)) {
        if (f.kind !== 'details') continue;
        for (const [sub, sf] of Object.entries(f.fields)) {
          if (sf.kind === 'ref' || sf.kind === 'refs')
            this.addReferrer({ owner, key: sub, field: sf, detailsKey: key });
        }
      }
    }
  }

  private addReferrer(r: Referrer) {
    const list = this.referrers.get(r.field.resource) ?? [];
    list.push(r);
    this.referrers.set(r.field.resource, list);
  }

  get(name: string): ResourceDef | undefined {
    return this.byName.get(name);
  }

  /** The definition a ref field points at (a definition error when it is not registered). */
  target(field: FieldDef & { kind: 'ref' | 'refs' }): ResourceDef {
    const def = this.byName.get(field.resource);
    if (!def) throw new Error(`Reference to an unknown resource: ${field.resource}`);
    return def;
  }

  /** Every field of every definition that may point at rows of `name`. */
  referrersOf(name: string): readonly Referrer[] {
    return this.referrers.get(name) ?? [];
  }
}
