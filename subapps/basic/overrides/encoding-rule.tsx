import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@arco-design/web-react';
import type { ResourceRow } from '../../../model/engine';
import type { PageContext, ResourceOverrides } from '../../kit/engine/types';
import { EncodingPreview } from './encoding-preview';
import { IssuedCodesDialog } from './issued-codes';

function IssuedButton({ row, toolbar }: { ctx: PageContext; row?: ResourceRow; toolbar?: boolean }) {
  const { t } = useTranslation('basic');
  const [open, setOpen] = useState(false);
  const rule = row ? { id: String(row.id), name: String(row.name) } : null;
  return (
    <>
      <Button
        type={toolbar ? 'secondary' : 'text'}
        size={toolbar ? 'default' : 'mini'}
        data-testid={toolbar ? 'btn-issued' : 'row-issued'}
        onClick={() => setOpen(true)}
      >
        {t('issued.button')}
      </Button>
      <IssuedCodesDialog visible={open} rule={rule} onClose={() => setOpen(false)} />
    </>
  );
}

/** Encoding rules: a live preview of the codes in the form, and the audit of issued codes. */
export const encodingRuleOverrides: ResourceOverrides = {
  // The section titles itself: the overrides are built before a language is known.
  formSections: [
    { key: 'encoding-preview', render: ({ row }) => <EncodingPreview ruleId={row ? String(row.id) : undefined} /> },
  ],
  toolbar: (ctx) => <IssuedButton ctx={ctx} toolbar />,
  rowActions: (row, ctx) => <IssuedButton ctx={ctx} row={row} />,
};
