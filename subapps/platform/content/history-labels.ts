/** How the History drawer names the fields and values of the content screens' records (issue 25). */
import type { TFunction } from 'i18next';
import type { HistoryLabels } from '../../kit/history/values';

const count = (t: TFunction, key: string) => (v: unknown) => (Array.isArray(v) ? t(key, { count: v.length }) : '');
const time = (v: unknown) => (typeof v === 'string' && v ? new Date(v).toLocaleString() : '');
const valuesOf = (t: TFunction, prefix: string, values: readonly string[]) =>
  Object.fromEntries(values.map((v) => [v, t(`${prefix}.${v}`)]));

export const noticeHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    title: t('platform:content.notice.title'),
    content: t('platform:content.notice.content'),
    level: t('platform:content.notice.level'),
    language: t('platform:content.help.language'),
    factoryIds: t('platform:content.notice.factories'),
    roleIds: t('platform:content.notice.roles'),
    userIds: t('platform:content.notice.users'),
    publishAt: t('platform:content.notice.publishAt'),
    expireAt: t('platform:content.notice.expireAt'),
  },
  values: { level: valuesOf(t, 'platform:content.level', ['info', 'warning', 'urgent']) },
  formats: {
    factoryIds: count(t, 'platform:content.notice.factoriesCount'),
    roleIds: count(t, 'platform:content.notice.rolesCount'),
    userIds: count(t, 'platform:content.notice.usersCount'),
    publishAt: time,
    expireAt: time,
  },
});

export const helpDocHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    kind: t('platform:content.help.kind'),
    routePath: t('platform:content.help.routePath'),
    language: t('platform:content.help.language'),
    title: t('platform:content.help.title'),
    content: t('platform:content.help.content'),
  },
  values: { kind: valuesOf(t, 'platform:content.helpKind', ['help', 'sop']) },
  hidden: ['docKey'],
});

export const courseHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    title: t('platform:content.course.title'),
    description: t('platform:content.course.description'),
    url: t('platform:content.course.url'),
    sort: t('platform:content.course.sort'),
  },
});

export const feedbackHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    description: t('platform:content.feedback.description'),
    contact: t('platform:content.feedback.contact'),
    pictures: t('platform:content.feedback.pictures'),
    status: t('platform:content.feedback.status'),
    handleOpinion: t('platform:content.feedback.opinion'),
    handledAt: t('platform:content.feedback.handledAt'),
  },
  values: { status: valuesOf(t, 'platform:content.feedbackStatus', ['unprocessed', 'processed']) },
  formats: { handledAt: time },
  // Ids: the submitter and the handler are named by the entries themselves.
  hidden: ['userId', 'factoryId', 'handledBy'],
});

export const alarmHistory = (t: TFunction): HistoryLabels => ({
  fields: {
    number: t('platform:content.alarm.number'),
    type: t('platform:content.alarm.type'),
    sourceSystem: t('platform:content.alarm.sourceSystem'),
    sourceNumber: t('platform:content.alarm.sourceNumber'),
    projectCode: t('platform:content.alarm.project'),
    projectName: t('platform:content.alarm.project'),
    description: t('platform:content.alarm.description'),
    level: t('platform:content.alarm.level'),
    occurredAt: t('platform:content.alarm.occurredAt'),
    acknowledgedAt: t('platform:content.alarm.acknowledged'),
  },
  values: { level: valuesOf(t, 'platform:content.alarmLevel', ['info', 'warning', 'critical']) },
  formats: { occurredAt: time, acknowledgedAt: time },
  hidden: ['factoryId', 'acknowledgedBy'],
});
