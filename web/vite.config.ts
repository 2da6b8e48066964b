import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Zopfli writes gzip streams a few per cent smaller than zlib's best level, readable by every gzip client.
const { gzipAsync } = createRequire(import.meta.url)('@gfx/zopfli') as { gzipAsync(data: Buffer, o: { numiterations: number }): Promise<Uint8Array> };

/** Writes a maximally compressed `.gz` next to each script and stylesheet; nginx serves them (gzip_static). */
function precompress(): Plugin {
  return {
    name: 'journal:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.config.build.ssr) return;
      const files = Object.entries(bundle).filter(([file]) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async ([file, out]) => {
          const data = Buffer.from(out.type === 'chunk' ? out.code : out.source);
          // The large admin chunks (the rich-text editor) are not worth Zopfli's time.
          const gz = data.length > 150_000 && !(out.type === 'chunk' && out.isEntry) ? gzipSync(data, { level: 9 }) : await gzipAsync(data, { numiterations: 15 });
          writeFileSync(path.join(options.dir!, `${file}.gz`), gz);
        }),
      );
    },
  };
}
/**
 * Everything a public page's first load runs goes into the entry chunk: one request, one gzip
 * stream (small chunks compress worse). Pages, the admin and the work-log stay chunks of their own.
 */
// Named one by one: other shared components (the login form, with zod) belong to the admin's chunks.
const SHARED_BY_PAGES = /\/web\/src\/(components\/(status|page-title|use-scroll-to-section|safe-html|img|error-screen)|features\/public\/components\/(page-head|withdrawal-notice))\.tsx?$/;
// The withdrawal rules (a heading and a mark) are needed by the archive's lists, the article and the PDF page.
const WITHDRAWAL_RULES = /\/packages\/contracts\/(src|dist)\/withdrawal\.rules\.[jt]s$/;
// The text rules (route-param numbers, authors, entities) serve the archive's pages, the PDF page and
// the loaders: in the entry, so the PDF page does not fetch the archive's layout for them.
const TEXT_RULES = /\/(packages\/contracts\/(src|dist)\/text\.rules\.[jt]s|web\/src\/lib\/entities\.browser\.ts)$/;
// What client-side navigations run (the route loaders, the loader runner): one chunk, fetched once
// the served page is idle; hydrating the served page needs none of it.
const NAVIGATION = /\/web\/src\/(features\/public\/loaders|lib\/router\/load)\.ts$/;
const ARCHIVE_PARTS = /\/(web\/src\/features\/public\/(pages\/archives-layout\.tsx|components\/article-doi\.tsx|lib\/citation\.ts)|packages\/contracts\/(src|dist)\/doi-url\.[jt]s)$/;
function firstLoadChunk(): NonNullable<NonNullable<import('vite').BuildOptions['rollupOptions']>['output']> {
  const known = new Map<string, boolean>();
  return {
    manualChunks(id, { getModuleInfo }) {
      const inEntry = (m: string, seen: Set<string>): boolean => {
        const hit = known.get(m);
        if (hit !== undefined) return hit;
        if (seen.has(m)) return false;
        seen.add(m);
        const info = getModuleInfo(m);
        const yes = !!info && (info.isEntry || info.importers.some((i) => inEntry(i, seen)));
        known.set(m, yes);
        return yes;
      };
      // The small pieces most pages share (status lines, the page head) come with the entry rather
      // than as files of a few hundred bytes each.
      if (inEntry(id, new Set()) || SHARED_BY_PAGES.test(id) || WITHDRAWAL_RULES.test(id) || TEXT_RULES.test(id)) return 'index';
      if (NAVIGATION.test(id)) return 'navigation';
      // The archive's pages (issue, article, search) show DOIs, titles and citations: that code comes with their layout.
      if (ARCHIVE_PARTS.test(id)) return 'archives-layout';
      return undefined;
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
        // Terser packs the first load a little tighter than esbuild (it is every reader's download).
        minify: 'terser' as const,
        terserOptions: { module: true, ecma: 2020, compress: { passes: 3, pure_getters: true }, mangle: { toplevel: true }, format: { comments: false } },
        rollupOptions: { output: firstLoadChunk() },
        // The served page preloads its own chunks (web/server/assets.ts); Vite's preload helper and
        // dependency lists would add a kilobyte to every first load for client-side navigations only.
        modulePreload: false as const,
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/auth': 'http://127.0.0.1:8080', '/assets': 'http://127.0.0.1:8080' },
  },
}));
