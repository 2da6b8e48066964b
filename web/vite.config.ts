import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Writes a maximally compressed `.gz` next to each script and stylesheet; nginx serves them (gzip_static). */
function precompress(): Plugin {
  return {
    name: 'journal:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment.config.build.ssr) return;
      for (const [file, out] of Object.entries(bundle)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const data = out.type === 'chunk' ? out.code : out.source;
        writeFileSync(path.join(options.dir!, `${file}.gz`), gzipSync(data, { level: 9 }));
      }
    },
  };
}
const reactRouter = r('../node_modules/react-router/dist/production');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: r('./src') },
      // React Router's package exports point at its development build (warnings, longer code);
      // both the browser and the render process get the production one.
      { find: /^react-router$/, replacement: `${reactRouter}/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${reactRouter}/dom-export.mjs` },
      // The browser decodes entities itself; the render process keeps the package.
      ...(isSsrBuild ? [] : [{ find: /^entities$/, replacement: r('./src/lib/entities.browser.ts') }]),
    ],
  },
  // The render process: web/server/server.ts → web/dist-ssr/server.js, never under web/dist
  // (which nginx serves). Packages stay in node_modules; the server kit is loaded from there.
  // @journal/contracts (ESM, resolved through its package exports to its tsc build) is bundled
  // like any source file, in the browser build and here.
  ssr: { external: ['@journal/server-kit'], noExternal: [/^react-router/, 'entities', '@journal/contracts'] },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        // The static files are the client build's; the render process needs none of them.
        copyPublicDir: false,
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
