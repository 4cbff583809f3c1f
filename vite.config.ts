import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vitePluginForArco } from '@arco-plugins/vite-react';
import pxtorem from 'postcss-pxtorem';
import { resolve } from 'node:path';
import { contractRoutes } from './scripts/contract-routes';

const root = import.meta.dirname;

/**
 * Arco's styles per component used: its plugin adds each imported component's `style/css.js`, so a
 * page downloads the styles of what it shows. Only our own files import Arco by its package name,
 * so the plugin's parse is kept off node_modules (it parsed every module, most of the build's time).
 */
function arcoStyles(): Plugin {
  const plugin = vitePluginForArco({ style: 'css' }) as Plugin;
  const transform = plugin.transform;
  if (typeof transform !== 'function') return plugin;
  return {
    ...plugin,
    transform(code, id, options) {
      return id.includes('/node_modules/') ? null : transform.call(this, code, id, options);
    },
  };
}

/**
 * Every file of ours that imports `zod` gets model/zod-jitless.ts, which sets zod's no-eval switch
 * before passing zod on: no schema is built before the switch, and no entry needs to import zod to set it.
 */
function zodJitless(): Plugin {
  const wrapper = resolve(root, 'model/zod-jitless.ts');
  return {
    name: 'zod-jitless',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer || importer === wrapper || importer.includes('/node_modules/')) return null;
      return wrapper;
    },
  };
}

/**
 * Arco imports a ResizeObserver polyfill that hands back the browser's own ResizeObserver wherever
 * one exists — every browser the portal supports — so the pages get that one without downloading the polyfill.
 */
function nativeResizeObserver(): Plugin {
  const id = '\0native-resize-observer';
  return {
    name: 'native-resize-observer',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'resize-observer-polyfill' ? id : null),
    load: (which) => (which === id ? 'export default globalThis.ResizeObserver;' : null),
  };
}

/** One build, three pages: the shell and the sub-apps each served from their own origin by the server. */
export default defineConfig({
  root,
  plugins: [zodJitless(), nativeResizeObserver(), contractRoutes(root), react(), arcoStyles()],
  css: {
    postcss: {
      // Every font size in rem (Arco's included; its body text of 14 px is 1rem), so the font size
      // setting on each page's root element (html[data-font-size]) scales all text of the shell and the sub-apps.
      plugins: [pxtorem({ rootValue: 14, propList: ['font-size'], minPixelValue: 1 })],
    },
  },
  define: {
    __WEB_CLIENT_ID__: JSON.stringify(process.env.WEB_CLIENT_ID ?? 'portal-web'),
    __WEB_CLIENT_SECRET__: JSON.stringify(process.env.WEB_CLIENT_SECRET ?? 'portal-web-secret'),
  },
  experimental: {
    // Chunks find each other relative to their own URL, not the page's: a sub-app page loads its
    // scripts from the shell's origin (server/web.ts), and the chunks those load follow from there,
    // so the browser holds one copy of each shared file for every origin.
    renderBuiltUrl: (_file, { hostType }) => (hostType === 'js' ? { relative: true } : undefined),
  },
  build: {
    outDir: resolve(root, process.env.DIST_DIR ?? 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        shell: resolve(root, 'shell/index.html'),
        platform: resolve(root, 'subapps/platform/index.html'),
        basic: resolve(root, 'subapps/basic/index.html'),
      },
      // b-validate (Arco's form validation) has no side effects but does not say so: Arco's English
      // texts import one constant of it, and without this its every validator came along to the login page.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]b-validate[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // zod and its no-eval switch in one chunk of their own, shared by every page that builds schemas.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|model[\\/]zod-jitless/, priority: 10 }],
        },
      },
    },
  },
});
