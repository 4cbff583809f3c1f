import { fileNameFromDisposition } from './fileName';
import { Message, Modal } from '@arco-design/web-react';
import type { HostHandlers } from '../../bridge/host';
import { REQUEST_TIMEOUT_MS, type ApiResult } from '../../model/api';
import { menuPermissions } from '../../model/menu-tree';
import { request, currentHeaders, sessionEnded } from '../api/http';
import { i18n } from '../i18n';
import { menuAtom, store } from '../state/atoms';
import { contextFor } from './context';
import { openModal } from './modals';
import { afterWrite } from '../state/tenantTexts';
import { SHELL_SHORTCUTS, cleanAppShortcuts } from '../../bridge/shortcuts';
import { appShortcutsAtom, runShortcut } from '../layout/shortcuts';
import { screenCall } from './firstScreen';

export interface HostDeps {
  appId: string;
  /** Opens a shell route (path without language); `replace` for the child's own route changes. */
  navigate: (path: string, opts: { replace?: boolean; newTab?: boolean }) => void;
  /** Whether a path belongs to this app (a child may only move itself within its prefixes). */
  ownsPath: (path: string) => boolean;
  /** Whether the app's frame is the one shown: only that one may change the address bar. */
  isActive: () => boolean;
  /** Keeps a hidden app's new route for its tab, without touching the address bar. */
  rememberRoute: (path: string) => void;
  closeTab: () => void;
  setTitle: (title: string) => void;
  /** Marks the tab of `path` (null: of the app's shown route) as holding unsaved changes or not. */
  setDirty: (dirty: boolean, path: string | null) => void;
  /** Set for a frame shown in a dialog (openModal): its route, and how it hands a value back. */
  modal?: { path: string; close: (value: unknown) => void };
}

const MAX_TIMEOUT_MS = 10 * 60_000;

/** Multipart body of an upload: the plain fields of `data`, then the files. */
function formData(data: unknown, files: Record<string, Blob>): FormData {
  const form = new FormData();
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      if (v !== undefined && v !== null) form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  for (const [k, blob] of Object.entries(files)) {
    if (blob instanceof Blob) form.append(k, blob, blob instanceof File ? blob.name : k);
  }
  return form;
}

/** What the shell does for a sub-app: every call runs with the shell's token, never exposing it. */
export function hostHandlers(deps: HostDeps): HostHandlers {
  return {
    getContext: () =>
      deps.modal
        ? { ...contextFor(deps.appId), path: deps.modal.path, previousPath: null, modal: true }
        : contextFor(deps.appId),
    request: async (config) => {
      if (sessionEnded()) return { code: 401, msg: i18n.t('shell:login.sessionEnded'), data: null };
      const url = config.url.replace(/^\/api(?=\/)/, '');
      const method = config.method ?? 'GET';
      const res = await screenCall(
        request({
          method,
          url,
          params: config.params,
          data: config.files ? formData(config.data, config.files) : config.data,
          timeout: Math.min(Math.max(config.timeout ?? REQUEST_TIMEOUT_MS, 1000), MAX_TIMEOUT_MS),
          showSuccess: config.showSuccess,
          showError: config.showError,
        }),
      );
      if (method !== 'GET' && res.code === 200) afterWrite(url);
      return res;
    },
    hasPermission: (code) => menuPermissions(store.get(menuAtom)).includes(code),
    navigate: (path, options) => deps.navigate(path, { newTab: options?.newTab }),
    routeChanged: (path) => {
      if (typeof path !== 'string' || !deps.ownsPath(path)) return;
      if (deps.isActive()) deps.navigate(path, { replace: true });
      else deps.rememberRoute(path);
    },
    closeTab: () => deps.closeTab(),
    setTitle: (title) => deps.setTitle(title),
    notify: ({ type, message }) => {
      Message[type](message);
    },
    confirm: (options) =>
      new Promise<boolean>((resolve) => {
        Modal.confirm({
          title: options.title,
          content: options.content,
          okText: options.okText ?? i18n.t('common:ok'),
          cancelText: options.cancelText ?? i18n.t('common:cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    download: async (options): Promise<ApiResult<null>> => {
      const url = new URL(options.url, location.origin);
      for (const [k, v] of Object.entries(options.params ?? {})) if (v != null) url.searchParams.set(k, String(v));
      const res = await fetch(url, { method: options.method ?? 'GET', headers: currentHeaders() });
      if (!res.ok) {
        // The envelope's message when the server sent one (in the user's language).
        const answer = (await res.json().catch(() => null)) as { msg?: unknown } | null;
        const message =
          typeof answer?.msg === 'string' && answer.msg
            ? answer.msg
            : i18n.t('shell:http.failed', { status: res.status });
        if (options.showError !== false) Message.error(message);
        return { code: res.status, msg: message, data: null };
      }
      const blob = await res.blob();
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download =
        options.filename ??
        fileNameFromDisposition(res.headers.get('content-disposition')) ??
        url.pathname.split('/').pop() ??
        'download';
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      return { code: 200, msg: '', data: null };
    },
    reportError: (report) => {
      console.warn(`[sub-app ${deps.appId}]`, report.message);
    },
    // Keys reach only the focused frame, the shown one; a hidden frame's claim is ignored.
    shortcut: (name) => {
      if (deps.isActive() && (SHELL_SHORTCUTS as readonly string[]).includes(name)) runShortcut(name);
    },
    setDirty: (dirty, path) => deps.setDirty(Boolean(dirty), typeof path === 'string' ? path : null),
    openModal: (path, options) => openModal(path, options && typeof options === 'object' ? options : {}),
    closeModal: (value) => deps.modal?.close(value),
    setShortcuts: (shortcuts) => {
      store.set(appShortcutsAtom, (all) => ({ ...all, [deps.appId]: cleanAppShortcuts(shortcuts) }));
    },
  };
}
