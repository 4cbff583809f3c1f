/** How the History drawer names the fields and values of the content screens' records (issue 25). */
import type { TFunction } from 'i18next';
import type { HistoryLabels } from '../../kit/history/values';

const count = (t: TFunction, key: string) => (v: unknown) => (Array.isArray(v) ? t(key, { count: v.length }) : '');
const time = (v: unknown) => (typeof v === 'string' && v ? new Date(v).toLocaleString() : '');
const valuesOf = (t: TFunction, prefix: string, values: readonly string[]) => Object.fromEntries(values.map((v) => [v, t(`${prefix}.${v}`)]));

export const noticeHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    title: t('content.notice.title'), content: t('content.notice.content'), level: t('content.notice.level'), language: t('content.help.language'),
    factoryIds: t('content.notice.factories'), roleIds: t('content.notice.roles'), userIds: t('content.notice.users'),
    publishAt: t('content.notice.publishAt'), expireAt: t('content.notice.expireAt'),
  },
  values: { level: valuesOf(t, 'content.level', ['info', 'warning', 'urgent']) },
  formats: {
    factoryIds: count(t, 'content.notice.factoriesCount'), roleIds: count(t, 'content.notice.rolesCount'), userIds: count(t, 'content.notice.usersCount'),
    publishAt: time, expireAt: time,
  },
});

export const helpDocHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    kind: t('content.help.kind'), routePath: t('content.help.routePath'), language: t('content.help.language'), title: t('content.help.title'), content: t('content.help.content'),
  },
  values: { kind: valuesOf(t, 'content.helpKind', ['help', 'sop']) },
  hidden: ['docKey'],
});

export const courseHistory = (t: TFunction): HistoryLabels => ({
  fields: { title: t('content.course.title'), description: t('content.course.description'), url: t('content.course.url'), sort: t('content.course.sort') },
});

export const feedbackHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    description: t('content.feedback.description'), contact: t('content.feedback.contact'), pictures: t('content.feedback.pictures'),
    status: t('content.feedback.status'), handleOpinion: t('content.feedback.opinion'), handledAt: t('content.feedback.handledAt'),
  },
  values: { status: valuesOf(t, 'content.feedbackStatus', ['unprocessed', 'processed']) },
  formats: { handledAt: time },
  // Ids: the submitter and the handler are named by the entries themselves.
  hidden: ['userId', 'factoryId', 'handledBy'],
});

export const alarmHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    number: t('content.alarm.number'), type: t('content.alarm.type'), sourceSystem: t('content.alarm.sourceSystem'), sourceNumber: t('content.alarm.sourceNumber'),
    projectCode: t('content.alarm.project'), projectName: t('content.alarm.project'), description: t('content.alarm.description'), level: t('content.alarm.level'),
    occurredAt: t('content.alarm.occurredAt'), acknowledgedAt: t('content.alarm.acknowledged'),
  },
  values: { level: valuesOf(t, 'content.alarmLevel', ['info', 'warning', 'critical']) },
  formats: { occurredAt: time, acknowledgedAt: time },
  hidden: ['factoryId', 'acknowledgedBy'],
});
