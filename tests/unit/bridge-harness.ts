/**
 * Two windows on distinct origins inside one happy-dom window.
 *
 * penpal's WindowMessenger listens for `message` events on the global `window` and accepts an event
 * only if `event.source === remoteWindow` and `event.origin` is allowed; ACK2 carries a MessagePort
 * in `event.ports[0]`, after which all traffic goes over that port. So a fake window only needs a
 * `postMessage(message, {targetOrigin, transfer})` that, like a browser:
 *  - drops the message if targetOrigin is neither '*' nor the receiving window's origin;
 *  - structured-clones the data and delivers it asynchronously as a MessageEvent on the global
 *    window whose `origin` and `source` are the *sender's* (the other window of the pair);
 *  - hands the transferred MessagePorts (Node's real MessageChannel) over in `ports`.
 * Host code (bridge/host.ts) posts to the child's fake window and reads events whose source is it;
 * child code (bridge/child.ts, `remoteWindow` = the host's fake window) does the reverse.
 */
export interface FakeWindow {
  readonly origin: string;
  readonly label: string;
  /** Messages this window received (after the targetOrigin check), for assertions. */
  readonly received: unknown[];
  /** Messages dropped because of a targetOrigin mismatch. */
  readonly dropped: unknown[];
  postMessage(message: unknown, options?: string | { targetOrigin?: string; transfer?: Transferable[] }): void;
}

class FakeWindowImpl implements FakeWindow {
  /** Who appears as `event.source` / `event.origin` of what is posted to this window. */
  sender: FakeWindowImpl | null = null;
  readonly received: unknown[] = [];
  readonly dropped: unknown[] = [];
  constructor(
    readonly origin: string,
    readonly label: string,
  ) {}

  postMessage(message: unknown, options?: string | { targetOrigin?: string; transfer?: Transferable[] }): void {
    const targetOrigin = typeof options === 'string' ? options : (options?.targetOrigin ?? '/');
    const transfer = typeof options === 'string' ? [] : (options?.transfer ?? []);
    if (targetOrigin !== '*' && targetOrigin !== this.origin) {
      this.dropped.push(message);
      return;
    }
    const sender = this.sender;
    if (!sender) throw new Error(`${this.label} has no sender`);
    const data = structuredClone(message);
    this.received.push(data);
    // Node's MessagePort (happy-dom's global MessagePort is a stub class, so no instanceof here).
    const ports = transfer.filter((t) => typeof (t as MessagePort).postMessage === 'function') as MessagePort[];
    setTimeout(() => {
      const event = new MessageEvent('message', {
        data,
        origin: sender.origin,
        source: sender as unknown as Window,
        ports,
      } as MessageEventInit);
      window.dispatchEvent(event);
    }, 0);
  }
}

/**
 * A shell window on `hostOrigin` and a sub-app iframe window on `childOrigin`, talking to each other.
 * Pass the `childWindow` to `connectChild({remoteWindow})` and the `hostWindow` to
 * `connectToHost({remoteWindow})`.
 */
export function windowPair(
  hostOrigin: string,
  childOrigin: string,
): { hostWindow: Window; childWindow: Window; host: FakeWindow; child: FakeWindow } {
  const host = new FakeWindowImpl(hostOrigin, `host(${hostOrigin})`);
  const child = new FakeWindowImpl(childOrigin, `child(${childOrigin})`);
  host.sender = child;
  child.sender = host;
  return { hostWindow: host as unknown as Window, childWindow: child as unknown as Window, host, child };
}
