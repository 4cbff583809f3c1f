/**
 * The bridge for plain HTML sub-apps (jQuery, Vue without a build …), one script tag:
 *
 *   <script src="/portal-bridge.js"></script>
 *   <script>
 *     PortalBridge.connect().then((bridge) => { bridge.on('context', render); render(bridge.context); });
 *   </script>
 */
import { ApiError, BridgeVersionError, connectToHost } from './child';
import { BRIDGE_VERSION } from './protocol';

export interface PortalBridgeGlobal {
  connect: typeof connectToHost;
  version: string;
  ApiError: typeof ApiError;
  BridgeVersionError: typeof BridgeVersionError;
}

declare global {
  interface Window {
    PortalBridge?: PortalBridgeGlobal;
  }
}

window.PortalBridge = { connect: connectToHost, version: BRIDGE_VERSION, ApiError, BridgeVersionError };
