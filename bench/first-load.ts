/**
 * The JavaScript of each public page's first load, from the client build alone (no stack needed):
 * the entry chunk, its static imports, and the page's own chunk with its imports, as the render
 * process preloads them; sizes of the precompressed `.gz` files nginx serves. Byte counts are
 * exact at any machine load.
 *   node node_modules/.bin/tsx bench/first-load.ts [web/dist]
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const dist = path.resolve(process.argv[2] ?? path.join(__dirname, '../web/dist'));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => statSync(path.join(dist, `${file}.gz`)).size;
const closure = (key: string, files: Set<string>) => {
  const c = manifest[key];
  if (!c || files.has(c.file)) return files;
  files.add(c.file);
  for (const i of c.imports ?? []) closure(i, files);
  return files;
};

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const entry = closure(entryKey, new Set());
const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const total = (files: Set<string>) => [...files].reduce((a, f) => a + gz(f), 0);
console.log(`entry and its imports: ${kb(total(entry))} (${[...entry].map((f) => `${path.basename(f)} ${gz(f)} B`).join(', ')})`);
let worst = 0;
for (const key of Object.keys(manifest).filter((k) => k.startsWith('src/features/public/pages/')).sort()) {
  const files = closure(key, new Set(entry));
  // The issue and article pages render inside the archive layout.
  if (/issue-page|article-page/.test(key)) {
    const layout = Object.keys(manifest).find((k) => k.includes('archives-layout'));
    if (layout) closure(layout, files);
  }
  const extra = [...files].filter((f) => !entry.has(f));
  worst = Math.max(worst, total(files));
  console.log(`${path.basename(key).padEnd(24)} ${kb(total(files)).padStart(8)}  + ${extra.map((f) => `${path.basename(f)} ${gz(f)} B`).join(', ')}`);
}
console.log(`heaviest public first load: ${kb(worst)} (goal ≤ 80 kB)`);
