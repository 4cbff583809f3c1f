// A worker's entry: TypeScript sources load through tsx here, as they do in the main thread.
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// On Linux this lowers this thread alone, to the lowest priority: on a busy machine the event loop
// serving requests (and the embedded database on it) comes first.
if (workerData.lowPriority !== false) {
  try {
    setPriority(19);
  } catch {
    /* not permitted here: run at the normal priority */
  }
}
register();
await import(workerData.entry);
