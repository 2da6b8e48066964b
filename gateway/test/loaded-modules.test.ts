/**
 * The gateway loads only the code it runs (docs/architecture.md#gateway-memory): every module it
 * loads stays in its heap, and V8 marks the whole heap on each full collection, one per ~64 MB an
 * upload passes through. The server kit's and the contracts' indexes would bring mongoose, the
 * MongoDB driver and every zod schema. Checked on the build the gateway runs (dist, made by
 * scripts/build.sh before the suites), in a process of its own.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const APP = path.join(__dirname, '../dist/app.js');

/** The files a fresh Node process loads when it requires the gateway's app module, CommonJS and ESM alike. */
function loadedFiles(): string[] {
  const script = `
    const { registerHooks } = require('node:module');
    const files = [];
    registerHooks({ load(url, ctx, next) { if (url.startsWith('file:')) files.push(url); return next(url, ctx); } });
    require(${JSON.stringify(APP)});
    process.stdout.write(JSON.stringify(files));
  `;
  const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return (JSON.parse(out) as string[]).map((u) => new URL(u).pathname);
}

describe('what the gateway loads', () => {
  it('is built', () => {
    expect([APP, fs.existsSync(APP)]).toEqual([APP, true]);
  });

  it('leaves out the database client, the token and HTML libraries and the shared indexes', () => {
    const files = loadedFiles();
    // The check must see the gateway itself, or it proves nothing.
    expect(files.some((f) => f.endsWith('/gateway/dist/proxy.js'))).toBe(true);
    expect(files.some((f) => /\/node_modules\/undici\//.test(f))).toBe(true);
    const unwanted = files.filter((f) =>
      /\/node_modules\/(mongoose|mongodb|bson|sanitize-html|postcss|jsonwebtoken|bullmq)\//.test(f) ||
      /\/packages\/(server-kit|contracts)\/dist\/index\.js$/.test(f),
    );
    expect(unwanted).toEqual([]);
  });
});
