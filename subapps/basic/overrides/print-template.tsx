import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@arco-design/web-react';
import { usePermission } from '../../../bridge/react';
import type { ResourceRow } from '../../../model/engine';
import type { ResourceOverrides } from '../../kit/engine/types';
import { TemplateDesigner } from './template-designer';
import { PREVIEW_PERMISSION } from '../../../model/print/template';
import { PreviewDialog, PreviewSection } from './template-preview';

function PreviewButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('basic');
  const allowed = usePermission(PREVIEW_PERMISSION);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button type="text" size="mini" data-testid="row-preview" onClick={() => setOpen(true)}>
        {t('print.preview')}
      </Button>
      <PreviewDialog row={open ? row : null} onClose={() => setOpen(false)} />
    </>
  );
}

/** Print templates: the visual designer for the items, a PDF preview in the form and on each row. */
export const printTemplateOverrides: ResourceOverrides = {
  editors: { items: (props) => <TemplateDesigner {...props} /> },
  formSections: [{ key: 'template-preview', render: ({ row }) => <PreviewSection row={row} /> }],
  rowActions: (row) => <PreviewButton row={row} />,
};
