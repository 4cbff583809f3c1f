/** What a resource may add to the engine's writes: rules its definition cannot express, run inside the write's transaction. */
import type { ResourceDef } from '../../../model/engine';
import type { Request, ResourceScope } from '../scope';
import type { ApiRow, Db } from '../table';

export interface ResourceHooks {
  /**
   * Before a create (`existing` null), an update or a state change (`values` holds only the
   * state) is written: answers the values to write (a password hashed …) or throws an ApiError.
   */
  beforeWrite?(
    db: Db,
    def: ResourceDef,
    scope: ResourceScope,
    values: Record<string, unknown>,
    existing: ApiRow | null,
    req: Request,
  ): Promise<Record<string, unknown>>;
  /** After a row was created, updated, state-changed or imported with `values`. */
  afterWrite?(
    db: Db,
    def: ResourceDef,
    scope: ResourceScope,
    id: string,
    values: Record<string, unknown>,
  ): Promise<void>;
  /** Before rows (all in scope, locked) are deleted: refuse with an ApiError, or clean up what they own. */
  beforeDelete?(db: Db, def: ResourceDef, scope: ResourceScope, ids: readonly string[], req: Request): Promise<void>;
  /** The message key when a state change asks for the value the row already has. */
  unchangedKey?(field: string, value: string): string | undefined;
}
