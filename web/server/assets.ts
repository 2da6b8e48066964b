import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { etagOf } from '@journal/server-kit';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** What every rendered page loads: the entry module, its static imports, and the CSS of first paint. */
export interface PageAssets {
  entry: string;
  preloads: string[];
  /** The entry's CSS, inlined into each page so the first paint needs no second request. */
  css: string;
  /** The client-rendered shell (admin, work-log). */
  shell: string;
  /** `shell` as UTF-8 bytes, and their ETag. */
  shellBytes: Buffer;
  shellEtag: string;
  /** Changes with the client build and with the render process's own code: part of every page's ETag. */
  buildId: string;
  /** What every page adds to <head>, the same for every page: the inlined CSS and the module preloads. */
  head: string;
  /** `head` as UTF-8 bytes, with the entry module's preload. */
  headBytes: Buffer;
  /** The entry module's script element, last in <body>. */
  bootstrapBytes: Buffer;
  /** Module preloads of the chunks of the given modules (a page's lazy component), beyond the entry's. */
  preloadsFor(modules: string[]): string;
}

/** `serverCode`: the render process's own module (its chunks' hashed names are in it). */
export function loadAssets(dist: string, serverCode?: string): PageAssets {
  const manifestText = readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8');
  const manifest = JSON.parse(manifestText) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error(`no entry in ${dist}/.vite/manifest.json`);
  const entry = manifest[entryKey]!;
  const preloads = new Set<string>();
  const css = new Set<string>(entry.css ?? []);
  const walk = (key: string) => {
    for (const imp of manifest[key]?.imports ?? []) {
      const c = manifest[imp];
      if (!c || preloads.has(`/${c.file}`)) continue;
      preloads.add(`/${c.file}`);
      for (const f of c.css ?? []) css.add(f);
      walk(imp);
    }
  };
  walk(entryKey);
  // The stylesheet is ours and has no closing style tag in it; guard anyway.
  const memo = new Map<string, string>();
  const preloadsFor = (modules: string[]) => {
    const key = modules.join('\n');
    let tags = memo.get(key);
    if (tags === undefined) {
      const files = new Set<string>();
      const add = (k: string) => {
        const c = manifest[k];
        if (!c || k === entryKey || files.has(`/${c.file}`) || preloads.has(`/${c.file}`)) return;
        files.add(`/${c.file}`);
        c.imports?.forEach(add);
      };
      modules.forEach(add);
      tags = [...files].map((f) => `<link rel="modulepreload" href="${f}"/>`).join('');
      memo.set(key, tags);
    }
    return tags;
  };
  const cssText = [...css].map((f) => readFileSync(path.join(dist, f), 'utf8').replace(/<\/style/gi, '<\\/style')).join('\n');
  const head = `<style>${cssText}</style>${[...preloads].map((p) => `<link rel="modulepreload" href="${p}"/>`).join('')}`;
  const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const shellBytes = Buffer.from(shell);
  const sha1 = () => createHash('sha1');
  const build = sha1().update(manifestText).update(head).update(shellBytes);
  if (serverCode) build.update(readFileSync(serverCode));
  return {
    entry: `/${entry.file}`,
    preloads: [...preloads],
    css: cssText,
    shell,
    shellBytes,
    shellEtag: etagOf(shellBytes),
    buildId: build.digest('base64url'),
    preloadsFor,
    head,
    headBytes: Buffer.from(`<link rel="modulepreload" fetchPriority="low" href="/${entry.file}"/>${head}`),
    // As React's streaming renderer writes its bootstrap module.
    bootstrapBytes: Buffer.from(`<script type="module" src="/${entry.file}" id="_R_" async=""></script>`),
  };
}
