/**
 * The ES module for sub-apps with a bundler but without React (dist/bridge/portal-bridge.mjs with
 * portal-bridge.d.ts): the child side of the bridge, the page's shared connection, and the contract.
 */
export * from './child';
export { getBridge, resetBridge } from './shared';
export { createPortalBridgeGlobal, type PortalBridgeGlobal } from './global';
export {
  CHILD_CAPABILITIES,
  HANDSHAKE_TIMEOUT_MS,
  HOST_CAPABILITIES,
  HOST_FEATURES,
  SINCE,
  compareVersions,
  isAllowedApiPath,
  negotiate,
} from './protocol';
export type { ChildMethods, HostFeature, Negotiation, Remote } from './protocol';
