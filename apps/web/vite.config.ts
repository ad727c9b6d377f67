import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const FETCH_STUB = '\0axios-fetch-adapter-stub';

/**
 * The client always uses axios's XHR adapter (see src/api/client.ts), so axios's fetch adapter
 * (about 4 KB gzipped) is replaced by an empty one to keep the first screen small.
 */
function axiosWithoutFetchAdapter(): Plugin {
  return {
    name: 'ccms:axios-without-fetch-adapter',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './fetch.js' && importer && /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/.test(importer)) return FETCH_STUB;
      return null;
    },
    load(id) {
      return id === FETCH_STUB ? 'export const getFetch = undefined; export default undefined;' : null;
    },
  };
}

/** Where the dev and preview servers send /prod-api (a local CCMS server by default). */
const api = process.env.CCMS_API_URL ?? 'http://127.0.0.1:8080';

/** Dev server proxies the API to a local server; the build goes to dist/, which the server serves at /. */
export default defineConfig({
  base: '/',
  plugins: [react(), axiosWithoutFetchAdapter()],
  server: {
    port: 5173,
    proxy: { '/prod-api': { target: api, changeOrigin: true } },
  },
  preview: {
    proxy: { '/prod-api': { target: api, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-report.mjs reads the manifest to sum what the login route loads.
    manifest: true,
    // Browsers we target support modulepreload natively.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
  },
});
