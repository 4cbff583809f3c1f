/** Sandbox of every sub-app frame (DESIGN §6): never allow-top-navigation. */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';
