/** How the History drawer names the fields and values of the helper screens' records (issue 25). */
import type { TFunction } from 'i18next';
import { LANGUAGES } from '../../../model/languages';
import type { HistoryLabels } from '../../kit/history/values';

const time = (v: unknown) => (typeof v === 'string' && v ? new Date(v).toLocaleString() : '');

export const applicationHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    appType: t('platform:helper.appType'),
    title: t('model:helper.title'),
    reason: t('model:helper.reason'),
    entries: t('model:helper.entries'),
    status: t('platform:helper.state'),
    reviewReason: t('platform:helper.reviewReason'),
    reviewedAt: t('platform:helper.reviewedAt'),
  },
  values: {
    status: Object.fromEntries(
      (['pending', 'approved', 'rejected'] as const).map((s) => [s, t(`platform:helper.applyStatus.${s}`)]),
    ),
  },
  formats: {
    entries: (v) => (Array.isArray(v) ? t('common:history.rows', { count: v.length }) : ''),
    reviewedAt: time,
  },
  // Ids: the applicant and the reviewer are named by the entries themselves.
  hidden: ['applicantId', 'reviewerId'],
});

/** A key's entry names its languages by their codes, as the table's columns do; the offered languages likewise. */
export const translationHistory = (t: TFunction): HistoryLabels => ({
  fields: { ...Object.fromEntries(LANGUAGES.map((l) => [l, l])), languages: t('platform:helper.offered') },
  formats: { languages: (v) => (Array.isArray(v) ? v.join(', ') : '') },
});
