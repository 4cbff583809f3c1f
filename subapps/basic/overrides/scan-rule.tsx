import { Form, InputNumber } from '@arco-design/web-react';
import { adjustToLength } from '../../../model/rules';
import type { EditorProps, ResourceOverrides } from '../../kit/engine/types';
import { ScanTestPanel } from './scan-test-panel';

/** The barcode length: changing it moves the parse end along (SPEC §5). */
function LengthEditor({ value, onChange }: EditorProps) {
  const { form } = Form.useFormContext();
  const change = (v: number | undefined) => {
    const length = typeof v === 'number' && Number.isInteger(v) ? v : null;
    const current = form.getFieldsValue(['barcodeLength', 'parseStart', 'parseEnd']) as {
      barcodeLength?: number;
      parseStart?: number;
      parseEnd?: number;
    };
    const next = adjustToLength(current, length);
    onChange?.(length ?? undefined);
    if (length !== null) form.setFieldsValue({ parseStart: next.parseStart, parseEnd: next.parseEnd });
  };
  return (
    // Not clamped or rounded, as the generated editors: the schema's message says what is wrong.
    <InputNumber
      data-testid="form-barcodeLength"
      style={{ width: '100%' }}
      value={typeof value === 'number' ? value : undefined}
      onChange={change}
    />
  );
}

/** Scan rules: the length editor that adjusts parse end, and the test panel in the form. */
export const scanRuleOverrides: ResourceOverrides = {
  editors: { barcodeLength: (props) => <LengthEditor {...props} /> },
  formSections: [{ key: 'scan-test', render: () => <ScanTestPanel /> }],
};
