import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const schemas = r('../services/common/src/schemas');
const reactRouter = r('../node_modules/react-router/dist/production');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: r('./src') },
      // Only the browser-safe schemas (zod and constants) are shared with the services; single
      // files of them can be imported alone so the public pages do not pull in zod.
      { find: /^@journal\/common\/schemas$/, replacement: `${schemas}/index.ts` },
      { find: /^@journal\/common\/schemas\/(.+)$/, replacement: `${schemas}/$1.ts` },
      // React Router's package exports point at its development build (warnings, longer code);
      // both the browser and the render process get the production one.
      { find: /^react-router$/, replacement: `${reactRouter}/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${reactRouter}/dom-export.mjs` },
    ],
  },
  // The render process: web/server/server.ts → web/dist-ssr/server.js, never under web/dist
  // (which nginx serves). Packages stay in node_modules; the services' kit is loaded from there.
  ssr: { external: ['@journal/common'], noExternal: [/^react-router/] },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        sourcemap: true,
        rollupOptions: { input: r('./server/server.ts'), output: { entryFileNames: 'server.js' } },
      }
    : {
        // Uploaded files own /assets/ on every journal host, so the build's files live under /static/.
        assetsDir: 'static',
        sourcemap: true,
        // The render process reads which files the entry needs from here.
        manifest: true,
        chunkSizeWarningLimit: 800,
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/auth': 'http://127.0.0.1:8080', '/assets': 'http://127.0.0.1:8080' },
  },
}));
