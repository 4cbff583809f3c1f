/** The workbench (issue 24, SPEC `home/*`): the landing screen's cards, visited and favourite screens. */
import { z } from 'zod';
import { Instant, Uuid } from './contract/common';

/** The workbench's own menu entry and the permission every one of its calls checks. */
export const WORKBENCH_PATH = '/home';
export const WORKBENCH_PERMISSION = 'home:workbench:view';

/**
 * The cards, in the order the page shows them. Each loads on its own; the cards a caller may not see
 * are left out of `cards`, so the page never shows an empty card for want of a permission.
 */
export const WORKBENCH_CARDS = [
  'tasks',
  'notices',
  'alarms',
  'favourites',
  'recent',
  'frequent',
  'feedback',
  'applications',
  'apps',
] as const;
export type WorkbenchCard = (typeof WORKBENCH_CARDS)[number];
export const WorkbenchCards = z.object({ cards: z.array(z.enum(WORKBENCH_CARDS)) }).meta({ id: 'WorkbenchCards' });
export type WorkbenchCards = z.infer<typeof WorkbenchCards>;

/** How many screens the recent, frequent and favourite lists hold at most. */
export const WORKBENCH_LIST_SIZE = 12;
/** The window the frequent screens are counted over. */
export const FREQUENT_DAYS = 30;

export const SCREEN_LISTS = ['recent', 'frequent'] as const;
export const screensQuery = z.object({ list: z.enum(SCREEN_LISTS) });

/** A screen of the caller's menu, named in the caller's language. */
export const ScreenLink = z
  .object({
    functionId: Uuid,
    path: z.string().meta({ description: 'Without the language segment, e.g. `/basic/material`' }),
    name: z.string(),
    at: Instant.nullable().meta({ description: 'Last visit (recent), first starred (favourites); null for frequent' }),
    count: z.number().int().nullable().meta({ description: 'Visits in the last 30 days (frequent); otherwise null' }),
  })
  .meta({ id: 'ScreenLink' });
export type ScreenLink = z.infer<typeof ScreenLink>;
export const ScreenLinks = z.object({ items: z.array(ScreenLink) }).meta({ id: 'ScreenLinks' });
export type ScreenLinks = z.infer<typeof ScreenLinks>;
