/**
 * The bridge for plain HTML sub-apps (jQuery, Vue without a build …), one script tag, served by the
 * portal at `/bridge/portal-bridge.js` (see bridge/README.md):
 *
 *   <script src="/bridge/portal-bridge.js"></script>
 *   <script>
 *     PortalBridge.onContext(render);
 *     PortalBridge.request({ url: '/api/platform-system/notice/list' }).then(show);
 *   </script>
 */
import { createPortalBridgeGlobal, type PortalBridgeGlobal } from './global';
import { getBridge, resetBridge, settledBridge } from './shared';
import { applyPortalTheme } from './theme';
import type { ChildBridge, ConnectToHostOptions } from './child';

export type { PortalBridgeGlobal } from './global';
export type * from './child';

declare global {
  interface Window {
    PortalBridge?: PortalBridgeGlobal;
  }
}

/** The page follows the shell's theme by itself: `html[data-portal-theme]` and the `--portal-*` variables (bridge/theme.ts). */
const themed = new WeakSet<ChildBridge>();
function getThemedBridge(options?: ConnectToHostOptions): Promise<ChildBridge> {
  return getBridge(options).then((bridge) => {
    if (!themed.has(bridge)) {
      themed.add(bridge);
      applyPortalTheme(bridge.context.theme);
      bridge.on('context', (context) => applyPortalTheme(context.theme));
    }
    return bridge;
  });
}

window.PortalBridge = createPortalBridgeGlobal({
  get: getThemedBridge,
  reset: resetBridge,
  current: () => {
    const settled = settledBridge();
    return settled && 'bridge' in settled ? settled.bridge : null;
  },
});
