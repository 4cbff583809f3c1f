/** Dictionaries and their items, tenant-scoped (SPEC §3): `/platform-system/dict…`. */
import { z } from 'zod';
import { DICT_FIELD_LABELS as labels, DICT_PERMISSIONS as P, Dict, DictItem, dictInput, dictItemInput } from '../dict';
import { IdParams, Nothing, Uuid, pageOf, PageQuery } from './common';
import { endpoint, json } from './endpoint';
import { DeleteResultSchema } from './resource';

const tag = 'dict';
const BASE = '/platform-system/dict';

export const DictListQuery = z.object({
  ...PageQuery.shape,
  name: z.string().trim().max(64).optional(),
  type: z.string().trim().max(64).optional(),
});

const ItemParams = z.object({ id: Uuid, itemId: Uuid });
/** Ids that are not uuids are ignored (none left: 404). */
const DeleteBody = z.object({
  ids: z.array(z.string().max(64), { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1000),
});

export const dict = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    operationId: 'listDictionaries',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: 'Page of dictionaries (name/type contain, case-insensitive; newest first)',
    query: DictListQuery,
    labels,
    answer: json(pageOf(Dict)),
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    operationId: 'getDictionary',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: 'One dictionary',
    params: IdParams,
    answer: json(Dict),
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    operationId: 'createDictionary',
    tag,
    auth: 'bearer',
    permission: P.add,
    summary: 'Create a dictionary (type unique within the tenant)',
    description: '409 when the type is taken.',
    body: dictInput,
    labels,
    answer: json(Dict),
    errors: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    operationId: 'updateDictionary',
    tag,
    auth: 'bearer',
    permission: P.edit,
    summary: 'Update a dictionary',
    description:
      'The whole dictionary: name and type required, a missing remark saves as empty. 409 when the type is taken.',
    params: IdParams,
    body: dictInput,
    labels,
    answer: json(Dict),
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: BASE,
    operationId: 'deleteDictionaries',
    tag,
    auth: 'bearer',
    permission: P.delete,
    summary: 'Delete dictionaries (with their items) by ids',
    description: '404 when none of the ids is a dictionary of the tenant.',
    body: DeleteBody,
    labels,
    answer: json(DeleteResultSchema),
  }),
  items: endpoint({
    method: 'GET',
    path: `${BASE}/:id/items`,
    operationId: 'listDictionaryItems',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: 'Items of a dictionary, by sort then value',
    params: IdParams,
    answer: json(z.array(DictItem)),
  }),
  addItem: endpoint({
    method: 'POST',
    path: `${BASE}/:id/items`,
    operationId: 'createDictionaryItem',
    tag,
    auth: 'bearer',
    permission: P.add,
    summary: 'Add an item (value unique within the dictionary)',
    description: '409 when the value is taken.',
    params: IdParams,
    body: dictItemInput,
    labels,
    answer: json(DictItem),
    errors: [409],
  }),
  updateItem: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/items/:itemId`,
    operationId: 'updateDictionaryItem',
    tag,
    auth: 'bearer',
    permission: P.edit,
    summary: 'Update an item',
    description: 'The whole item: label and value required, a missing sort saves as 0. 409 when the value is taken.',
    params: ItemParams,
    body: dictItemInput,
    labels,
    answer: json(DictItem),
    errors: [409],
  }),
  removeItem: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id/items/:itemId`,
    operationId: 'deleteDictionaryItem',
    tag,
    auth: 'bearer',
    permission: P.delete,
    summary: 'Delete an item',
    params: ItemParams,
    answer: json(Nothing),
  }),
};
