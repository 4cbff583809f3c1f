/** Public system calls: the health check and where the mobile app is downloaded from. */
import { z } from 'zod';
import { AppDownloadInfo } from '../app';
import { endpoint, json } from './endpoint';

const tag = 'system';

export const Health = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

export const system = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    operationId: 'checkHealth',
    tag,
    auth: 'none',
    permission: null,
    summary: 'Liveness and database check',
    description: 'A database that does not answer makes it fail (500).',
    answer: json(Health),
  }),
  appDownload: endpoint({
    method: 'GET',
    path: '/platform-system/app/download-info',
    operationId: 'getAppDownloadInfo',
    tag,
    auth: 'none',
    permission: null,
    summary: 'Where the mobile app is downloaded from (public)',
    answer: json(AppDownloadInfo),
  }),
};
