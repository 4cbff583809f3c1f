import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@arco-design/web-react';
import { OPINION_MAX } from '../../../model/workflow/input';

/** A decision's opinion; one longer than the server takes is marked, never cut. */
export function OpinionInput({
  value,
  onChange,
  testId,
  style,
}: {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('model');
  return (
    <Input.TextArea
      style={style}
      data-testid={testId}
      placeholder={t('model:wfTask.opinion')}
      value={value}
      onChange={onChange}
      maxLength={{ length: OPINION_MAX, errorOnly: true }}
      autoSize={{ minRows: 2 }}
    />
  );
}
