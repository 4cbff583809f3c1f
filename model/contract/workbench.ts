/** The workbench (issue 24): which cards the caller sees, visited screens, favourite screens per factory. */
import { IdParams } from './common';
import { endpoint, json } from './endpoint';
import {
  ScreenLinks,
  WORKBENCH_LIST_SIZE,
  WORKBENCH_PERMISSION as P,
  WorkbenchCards,
  screensQuery,
} from '../workbench';

const tag = 'workbench';
const BASE = '/platform-system/workbench';

export const workbench = {
  cards: endpoint({
    method: 'GET',
    path: `${BASE}/cards`,
    operationId: 'listWorkbenchCards',
    tag,
    auth: 'bearer',
    permission: P,
    summary: 'The workbench cards the caller may see, in page order',
    description:
      'A card whose content needs a permission the caller lacks is absent; the alarm card needs a factory (X-Factory-Id).',
    answer: json(WorkbenchCards),
  }),
  screens: endpoint({
    method: 'GET',
    path: `${BASE}/screens`,
    operationId: 'listVisitedScreens',
    tag,
    auth: 'bearer',
    permission: P,
    summary: "The caller's recently or most visited screens in the current factory",
    description: `At most ${WORKBENCH_LIST_SIZE}; only screens still in the caller's menu. Without a factory: none.`,
    query: screensQuery,
    answer: json(ScreenLinks),
  }),
  favourites: endpoint({
    method: 'GET',
    path: `${BASE}/favourites`,
    operationId: 'listFavouriteScreens',
    tag,
    auth: 'bearer',
    permission: P,
    summary: "The caller's favourite screens in the current factory, in the order they were starred",
    description: "Only screens still in the caller's menu. Without a factory: none.",
    answer: json(ScreenLinks),
  }),
  addFavourite: endpoint({
    method: 'PUT',
    path: `${BASE}/favourites/:id`,
    operationId: 'addFavouriteScreen',
    tag,
    auth: 'bearer',
    permission: P,
    summary: "Stars a screen of the caller's menu in the current factory",
    description: `Starring it again changes nothing. 400 without a factory; 404 when the id is no screen of the caller's menu; 409 beyond ${WORKBENCH_LIST_SIZE} favourites.`,
    params: IdParams,
    answer: json(ScreenLinks),
    errors: [409],
  }),
  removeFavourite: endpoint({
    method: 'DELETE',
    path: `${BASE}/favourites/:id`,
    operationId: 'removeFavouriteScreen',
    tag,
    auth: 'bearer',
    permission: P,
    summary: "Takes a screen off the caller's favourites in the current factory",
    description: 'Removing one that is not starred changes nothing.',
    params: IdParams,
    answer: json(ScreenLinks),
  }),
};
