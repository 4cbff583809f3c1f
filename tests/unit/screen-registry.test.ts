/**
 * One registry of screens (issue 27): every entry of the menu catalogue that the platform or the
 * basic-data app serves has its screen in that app's route table, and every route has its entry;
 * a definition its feature serves names operations that take what its form holds.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { APP_CATALOGUE, MENU_CATALOGUE, type CatalogueNode } from '../../model/catalogue';
import { operationsOf, takesQuery } from '../../model/contract';
import { formFields, listFields } from '../../model/engine';
import { DEFINITIONS, FEATURE_SERVED, RESOURCES } from '../../model/resources';
import { BASIC_PREFIXES, BASIC_ROUTES } from '../../subapps/basic/screens';
import { screenRoutes } from '../../subapps/kit/engine/screen';
import { PLATFORM_PREFIXES } from '../../subapps/platform/prefixes';
import { PLATFORM_ROUTES } from '../../subapps/platform/screens';

const paths: string[] = [];
const walk = (nodes: CatalogueNode[]) =>
  nodes.forEach((n) => {
    if (n.type === 'menu' && n.path) paths.push(n.path);
    walk(n.children);
  });
walk(MENU_CATALOGUE);

const under = (prefixes: readonly string[]) => paths.filter((p) => prefixes.includes(p.split('/')[1] ?? ''));
/** The workbench is the platform app's first paint, outside its lazily loaded table. */
const FIRST_PAINT = ['/home'];

const shape = (schema: unknown) => (schema as z.ZodObject).shape as Record<string, unknown>;

describe('the screen registry', () => {
  it.each([
    ['platform', PLATFORM_PREFIXES, PLATFORM_ROUTES],
    ['basic', BASIC_PREFIXES, BASIC_ROUTES],
  ] as const)('gives every menu entry of the %s app a screen, and every screen an entry', (app, prefixes, routes) => {
    expect([...prefixes]).toEqual(APP_CATALOGUE.find((a) => a.appType === app)!.prefixPath);
    const entries = under(prefixes).filter((p) => !FIRST_PAINT.includes(p));
    expect(entries.length).toBeGreaterThan(10);
    expect(Object.keys(routes).sort()).toEqual([...entries].sort());
  });

  it('serves each definition with a screen at its path, in the app of its prefix', () => {
    for (const def of DEFINITIONS.filter((d) => d.path)) {
      const routes = def.path!.startsWith('/basic/') ? BASIC_ROUTES : PLATFORM_ROUTES;
      expect(routes[def.path!], def.name).toBeTruthy();
    }
  });

  it('refuses a page at a definition’s path and overrides of a screen the app does not show', () => {
    const [def] = RESOURCES.filter((d) => d.path?.startsWith('/basic/'));
    expect(() =>
      screenRoutes({ prefixes: ['basic'], definitions: [def!], pages: { [def!.path!]: () => null } }),
    ).toThrow(/screen of a definition/);
    expect(() => screenRoutes({ prefixes: ['basic'], definitions: [def!], overrides: { notice: {} } })).toThrow(
      /notice/,
    );
  });
});

describe('definitions their features serve', () => {
  it.each(FEATURE_SERVED.map((d) => [d.name, d] as const))(
    '%s: the list answers every column, the writes take every field of the form',
    (_name, def) => {
      const ops = operationsOf(def);
      // A page of records, or (a short list) every record at once.
      const data = (ops.list.answer as { data: z.ZodType }).data;
      const list = (data as z.ZodObject).shape?.records ?? data;
      const row = shape((list as z.ZodArray<z.ZodObject>).element);
      for (const [key] of listFields(def)) expect(Object.keys(row), `${def.name}.${key}`).toContain(key);
      for (const write of [ops.create, ops.update].filter(Boolean)) {
        const body = Object.keys(shape(write!.body));
        for (const [key] of formFields(def)) expect(body, `${def.name}.${key} → ${write!.operationId}`).toContain(key);
      }
      // The browser's copy of the operations has no schema: what the list takes is declared, and agrees.
      expect(ops.paged, `${def.name} pages`).toBe(takesQuery(ops.list, 'page'));
      expect(ops.sorts, `${def.name} sorts`).toBe(takesQuery(ops.list, 'sort'));
      expect(def.served).toBe('feature');
      expect(RESOURCES).not.toContain(def);
    },
  );
});
