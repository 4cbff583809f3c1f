/**
 * Every screen of the basic-data app, in one place: the screen of each definition under `/basic`
 * (model/resources), how some differ from the generated one, and the pages that are no definition's.
 */
import { lazy } from 'react';
import { DEFINITIONS, encodingRule, printTemplate, printer, scanRule } from '../../model/resources';
import { screenRoutes } from '../kit/engine/screen';
import { encodingRuleOverrides } from './overrides/encoding-rule';
import { printTemplateOverrides } from './overrides/print-template';
import { printerOverrides } from './overrides/printer';
import { scanRuleOverrides } from './overrides/scan-rule';

export const BASIC_PREFIXES = ['basic'] as const;

export const BASIC_ROUTES = screenRoutes({
  prefixes: BASIC_PREFIXES,
  definitions: DEFINITIONS,
  overrides: {
    [printer.name]: printerOverrides,
    [encodingRule.name]: encodingRuleOverrides,
    [scanRule.name]: scanRuleOverrides,
    [printTemplate.name]: printTemplateOverrides,
  },
  pages: {
    // A BOM line's key is (parent, serial number), and its writes keep the graph free of loops.
    '/basic/bom': lazy(() => import('./bom/BomPage').then((m) => ({ default: m.BomPage }))),
    // The PDF and video viewers are heavy: the documents screen loads when it is opened.
    '/basic/document': lazy(() => import('./documents/DocumentsPage').then((m) => ({ default: m.DocumentsPage }))),
  },
});
