import { lazy } from 'react';
import type { RouteTable } from '../kit/routing';

// The PDF and video viewers are heavy: the documents screen loads when it is opened.
const DocumentsPage = lazy(() => import('./documents/DocumentsPage').then((m) => ({ default: m.DocumentsPage })));

/** Document management (issue 7); document types are a generated screen (model/resources/document-type.ts). */
export const DOCUMENT_ROUTES: RouteTable = {
  '/basic/document': DocumentsPage,
};
