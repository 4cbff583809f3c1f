import type { TFunction } from 'i18next';
import type { ResourceRow } from '../../../model/engine';
import type { ResourceOverrides } from '../../kit/engine/types';
import { RichTextEditor } from '../content/RichTextEditor';

const ids = (v: unknown) => (Array.isArray(v) ? v.length : 0);

/** Who a notice reaches: the factories, roles and users named, or everyone when none is. */
function audience(t: TFunction, row: ResourceRow): string {
  const parts = [
    ids(row.factoryIds) ? t('platform:content.notice.factoriesCount', { count: ids(row.factoryIds) }) : null,
    ids(row.roleIds) ? t('platform:content.notice.rolesCount', { count: ids(row.roleIds) }) : null,
    ids(row.userIds) ? t('platform:content.notice.usersCount', { count: ids(row.userIds) }) : null,
  ].filter(Boolean);
  return parts.join(', ') || t('platform:content.notice.everyone');
}

/** Notices: rich text content, and the audience in the list beside the level. */
export const noticeOverrides: ResourceOverrides = {
  editors: {
    content: ({ value, onChange }) => (
      <RichTextEditor testId="form-content" value={typeof value === 'string' ? value : ''} onChange={onChange} />
    ),
  },
  columns: (generated, { t }) => {
    const at = generated.findIndex((c) => c.key === 'level') + 1;
    const column = {
      key: 'audience',
      title: t('platform:content.notice.audience'),
      render: (_v: unknown, row: ResourceRow) => audience(t, row),
    };
    return [...generated.slice(0, at), column, ...generated.slice(at)];
  },
  // The history also names the language a notice was written for (the demo's come in five).
  historyLabels: (t) => ({ fields: { language: t('model:helpDoc.language') } }),
};
