import { useTranslation } from 'react-i18next';
import { Button, Tag } from '@arco-design/web-react';
import { LANGUAGES } from '../../../model/languages';
import type { ResourceRow } from '../../../model/engine';
import type { ResourceOverrides } from '../../kit/engine/types';
import { RichTextEditor } from '../content/RichTextEditor';

/** The portal's own address: this app runs in the shell's frame, and the public SOP page is the shell's. */
function portalOrigin(): string {
  try {
    return document.referrer ? new URL(document.referrer).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

/** The public link of an SOP document in a language (SPEC §2 `/{lang}/sop/{id}`). */
export const sopLink = (row: ResourceRow) => `${portalOrigin()}/${String(row.language)}/sop/${String(row.docKey)}`;

function KindTag({ kind }: { kind: unknown }) {
  const { t } = useTranslation('model');
  return <Tag color={kind === 'sop' ? 'purple' : 'arcoblue'}>{t(`enum.helpKind.${String(kind)}`)}</Tag>;
}

/**
 * Help and SOP documents: rich text content; where each is shown (its page route, or the SOP's
 * public link); and an SOP's version in another language, which shares the document's key so one
 * public link serves every language.
 */
export const helpDocOverrides: ResourceOverrides = {
  editors: {
    content: ({ value, onChange }) => (
      <RichTextEditor testId="form-content" value={typeof value === 'string' ? value : ''} onChange={onChange} />
    ),
  },
  cells: {
    kind: (v) => <KindTag kind={v} />,
  },
  columns: (generated, { t }) => {
    const at = generated.findIndex((c) => c.key === 'language') + 1;
    const where = {
      key: 'where',
      title: t('platform:content.help.where'),
      render: (_v: unknown, row: ResourceRow) =>
        row.kind === 'help' ? (
          String(row.routePath ?? '')
        ) : (
          <a href={sopLink(row)} target="_blank" rel="noopener noreferrer" data-testid={`sop-link-${row.language}`}>
            {sopLink(row)}
          </a>
        ),
    };
    return [...generated.slice(0, at), where, ...generated.slice(at)];
  },
  rowActions: (row, ctx) =>
    row.kind === 'sop' &&
    ctx.can('add') && (
      <Button
        type="text"
        size="mini"
        data-testid="row-add-language"
        onClick={() =>
          ctx.add({
            values: {
              kind: 'sop',
              docKey: row.docKey,
              title: row.title,
              language: LANGUAGES.find((l) => l !== row.language),
            },
            locked: ['kind'],
          })
        }
      >
        {ctx.t('platform:content.help.addLanguage')}
      </Button>
    ),
  // A new document is written in the user's own language unless they choose another.
  newRecord: ({ bridge }) => ({ language: bridge.context.language }),
  historyLabels: () => ({ hidden: ['docKey'] }),
};
