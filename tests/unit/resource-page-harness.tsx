/**
 * A stand-in for the shell around a ResourcePage: a ChildBridge that records every call and answers
 * requests from a handler, and a render helper with the sub-app's i18n in a chosen language.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ApiError, type ChildBridge } from '../../bridge/child';
import type {
  BridgeRequestConfig,
  ConfirmOptions,
  DownloadOptions,
  ModalOptions,
  NotifyOptions,
} from '../../bridge/protocol';
import { BridgeValueProvider } from '../../bridge/react';
import type { Language } from '../../model/languages';
import type { ResourceDef } from '../../model/engine';
import { ResourcePage } from '../../subapps/kit/engine/ResourcePage';
import type { ResourceOverrides } from '../../subapps/kit/engine/types';
import { createSubAppI18n } from '../../subapps/kit/i18n';
import { switchLanguage } from '../../locales/catalog';

/** Answers a request with data, or throws an ApiError for a failure. */
export type Handler = (config: BridgeRequestConfig) => unknown;

export interface FakeBridge extends ChildBridge {
  requests: BridgeRequestConfig[];
  notices: NotifyOptions[];
  confirms: ConfirmOptions[];
  downloads: DownloadOptions[];
  /** What the next confirmations answer. */
  confirmAnswer: boolean;
  /** Screens asked for as dialogs, and values handed back by closeModal. */
  modals: { path: string; options: ModalOptions | undefined }[];
  closed: unknown[];
}

export const page = <T,>(records: T[]) => ({ records, total: records.length, page: 1, size: 20 });

export function fakeBridge(permissions: string[], language: Language, handler: Handler): FakeBridge {
  const context = {
    path: '/basic/test',
    previousPath: null,
    language,
    factoryId: 'f-1',
    orgCode: null,
    user: null,
    fontSize: 'small' as const,
    theme: 'light' as const,
    permissions,
  };
  const bridge: FakeBridge = {
    requests: [],
    notices: [],
    confirms: [],
    downloads: [],
    confirmAnswer: true,
    modals: [],
    closed: [],
    context,
    active: true,
    host: {} as ChildBridge['host'],
    hostHello: { protocol: 'mes-portal-bridge', version: '1.2.0', capabilities: [] },
    async request<T>(config: BridgeRequestConfig): Promise<T> {
      bridge.requests.push(config);
      return (await handler(config)) as T;
    },
    hasPermission: (code) => permissions.includes(code),
    supports: () => true,
    navigate: async () => undefined,
    notify: async (n) => {
      bridge.notices.push(n);
    },
    confirm: async (c) => {
      bridge.confirms.push(c);
      return bridge.confirmAnswer;
    },
    download: async (d) => {
      bridge.downloads.push(d);
    },
    setTitle: async () => undefined,
    closeTab: async () => undefined,
    reportError: async () => undefined,
    setShortcuts: async () => undefined,
    setDirty: async () => undefined,
    /** The harness shows no other screen: a dialog asked for is dismissed; the asks are kept. */
    openModal: async (path, options) => {
      bridge.modals.push({ path, options });
      return { done: false };
    },
    closeModal: async (value) => {
      bridge.closed.push(value);
    },
    routeChanged: async () => undefined,
    on: () => () => undefined,
    destroy: () => undefined,
  };
  return bridge;
}

/** Renders a screen of the sub-app `app` (its texts in the bridge's language) on the fake bridge. */
export async function renderScreen(ui: ReactElement, bridge: FakeBridge, app: 'basic' | 'platform' = 'basic') {
  const i18n = createSubAppI18n(['common', app, 'model'], app);
  await switchLanguage(i18n, bridge.context.language);
  return render(
    <I18nextProvider i18n={i18n}>
      <BridgeValueProvider bridge={bridge}>{ui}</BridgeValueProvider>
    </I18nextProvider>,
  );
}

export const renderPage = (def: ResourceDef, bridge: FakeBridge, overrides?: ResourceOverrides) =>
  renderScreen(<ResourcePage def={def} overrides={overrides} />, bridge);

export const apiError = (code: number, msg: string, data: unknown) => new ApiError(code, msg, data);
