/**
 * The ES module for sub-apps with a bundler but without React (dist/bridge/portal-bridge.mjs with
 * portal-bridge.d.mts): the child side of the bridge, the page's shared connection, the contract, and
 * `typedRequest`, the request typed by the paths of the API document.
 */
export * from './child';
export { getBridge, resetBridge } from './shared';
export {
  fillTemplate,
  typedRequest,
  type AnswerData,
  type Requester,
  type TypedRequest,
  type TypedRequestConfig,
} from './typed';
export { createPortalBridgeGlobal, type PortalBridgeGlobal } from './global';
export { THEME_ATTRIBUTE, THEME_VARIABLES, applyPortalTheme } from './theme';
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
