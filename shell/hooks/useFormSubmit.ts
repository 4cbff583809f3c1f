import { useState } from 'react';
import type { FormInstance } from '@arco-design/web-react';

/**
 * A form's submit: validate, then send while `busy` (the button's loading state). A form that does not
 * validate stays open with its fields marked and sends nothing.
 */
export function useFormSubmit<V>(form: FormInstance<V>) {
  const [busy, setBusy] = useState(false);
  async function submit(send: (values: V) => Promise<unknown>) {
    let values: V;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await send(values);
    } finally {
      setBusy(false);
    }
  }
  return { busy, setBusy, submit };
}
