import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The README's layout block names what is there, and everything there is named in it. */
const ROOT = path.resolve(__dirname, '../..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const block = /## Layout\s+```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
/** Paths as the block writes them: `packages/contracts`, `gateway/`, `skaffold.yaml`. */
const named = [...block.matchAll(/(?:^|\s)([a-z][a-z0-9-]*(?:\/[a-z0-9-]*)*(?:\.ya?ml)?)(?=\s|$)/gm)]
  .map((m) => m[1]!)
  .filter((p) => p.includes('/') || p.endsWith('.yaml'));
const bare = (p: string) => p.replace(/\/$/, '');

describe('README layout', () => {
  test('has a layout block', () => {
    expect(named.length).toBeGreaterThan(5);
  });

  test('every folder or file it names exists', () => {
    for (const p of named) expect([p, fs.existsSync(path.join(ROOT, bare(p)))]).toEqual([p, true]);
  });

  test('names every workspace', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const all = new Set(named.map(bare));
    for (const ws of pkg.workspaces) expect([ws, all.has(ws)]).toEqual([ws, true]);
  });

  test('names every top-level folder of the repository', () => {
    const tops = new Set(named.map((p) => bare(p).split('/')[0]));
    // Tracked folders only: builds, data and installs are not part of the layout.
    const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
    const folders = new Set(tracked.filter((f) => f.includes('/')).map((f) => f.split('/')[0]!).filter((d) => !d.startsWith('.')));
    for (const d of folders) expect([d, tops.has(d)]).toEqual([d, true]);
  });
});
