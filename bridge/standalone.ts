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

export type { PortalBridgeGlobal } from './global';
export type * from './child';

declare global {
  interface Window {
    PortalBridge?: PortalBridgeGlobal;
  }
}

window.PortalBridge = createPortalBridgeGlobal({
  get: getBridge,
  reset: resetBridge,
  current: () => {
    const settled = settledBridge();
    return settled && 'bridge' in settled ? settled.bridge : null;
  },
});
