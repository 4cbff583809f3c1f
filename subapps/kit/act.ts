import { useState } from 'react';
import { ApiError } from '../../bridge/child';

/** Arco's form.validate() rejects with the field errors, which the form already shows. */
const isFormRefusal = (err: unknown) => err instanceof Error && 'errors' in err;

/**
 * Runs a screen action from an event handler. A form the user must correct, or an API error the
 * shell already showed, ends the action quietly; anything else is a fault and still surfaces.
 */
export function act(run: () => Promise<unknown>): void {
  run().catch((err: unknown) => {
    if (err instanceof ApiError || isFormRefusal(err)) return;
    throw err;
  });
}

/** `act` for a dialog or button that shows it is busy while the action runs. */
export function useAct() {
  const [busy, setBusy] = useState(false);
  function run(action: () => Promise<unknown>) {
    act(async () => {
      setBusy(true);
      try {
        await action();
      } finally {
        setBusy(false);
      }
    });
  }
  return { busy, run };
}
