import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A public reader's first-load JavaScript budget per route, gzip bytes (docs/architecture.md). */
export const FIRST_LOAD_BUDGET_BYTES = 80_000;

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export interface RouteLoad {
  /** The page module, e.g. `src/features/public/pages/home-page.tsx`. */
  page: string;
  /** gzip bytes of every chunk the first load of this page fetches. */
  bytes: number;
  /** The chunks beyond the entry's, with their gzip bytes. */
  extra: { file: string; bytes: number }[];
}

export interface FirstLoad {
  entryBytes: number;
  entry: { file: string; bytes: number }[];
  routes: RouteLoad[];
}

/**
 * The JavaScript of each public page's first load, from the client build alone: the entry chunk,
 * its static imports, and the page's own chunk with its imports, as the render process preloads
 * them; sizes of the precompressed `.gz` files nginx serves, so the figures are exact bytes.
 */
export function measureFirstLoad(dist: string): FirstLoad {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const gz = (file: string) => statSync(path.join(dist, `${file}.gz`)).size;
  const closure = (key: string, files: Set<string>) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return files;
    files.add(c.file);
    for (const i of c.imports ?? []) closure(i, files);
    return files;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error(`no entry in ${dist}/.vite/manifest.json`);
  const entry = closure(entryKey, new Set());
  const sized = (files: Iterable<string>) => [...files].map((file) => ({ file, bytes: gz(file) }));
  const sum = (xs: { bytes: number }[]) => xs.reduce((a, x) => a + x.bytes, 0);
  const layout = Object.keys(manifest).find((k) => k.includes('archives-layout'));
  const routes = Object.keys(manifest)
    .filter((k) => k.startsWith('src/features/public/pages/'))
    .sort()
    .map((page) => {
      const files = closure(page, new Set(entry));
      // The issue and article pages render inside the archive layout.
      if (layout && /issue-page|article-page/.test(page)) closure(layout, files);
      return { page, bytes: sum(sized(files)), extra: sized([...files].filter((f) => !entry.has(f))) };
    });
  return { entryBytes: sum(sized(entry)), entry: sized(entry), routes };
}

export const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** One line per route, for a report or a failing test. */
export const describeFirstLoad = (load: FirstLoad) =>
  [
    `entry and its imports: ${kB(load.entryBytes)} (${load.entry.map((c) => `${path.basename(c.file)} ${c.bytes} B`).join(', ')})`,
    ...load.routes.map(
      (r) => `${path.basename(r.page).padEnd(24)} ${kB(r.bytes).padStart(8)}  + ${r.extra.map((c) => `${path.basename(c.file)} ${c.bytes} B`).join(', ')}`,
    ),
  ].join('\n');
