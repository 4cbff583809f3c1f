import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space } from '@arco-design/web-react';

/**
 * A row's buttons in a list's actions column: `lead`, Edit and Delete (each only when given: the
 * user may), `children`, then the row's history button.
 */
export function RecordActions(props: {
  onEdit?: () => void;
  onDelete?: () => void;
  history: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Space size="mini">
      {props.lead}
      {props.onEdit && (
        <Button type="text" size="mini" onClick={props.onEdit}>
          {t('edit')}
        </Button>
      )}
      {props.children}
      {props.onDelete && (
        <Button type="text" size="mini" status="danger" onClick={props.onDelete}>
          {t('delete')}
        </Button>
      )}
      {props.history}
    </Space>
  );
}
