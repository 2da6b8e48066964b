import { existsSync } from 'node:fs';
import path from 'node:path';
import { FIRST_LOAD_BUDGET_BYTES, describeFirstLoad, kB, measureFirstLoad } from './first-load';

// Reads the client build (scripts/test.sh builds before jest): a public route whose first load
// grows past the budget fails here, with every route's size printed.
const dist = path.join(__dirname, '../dist');

describe('public first-load JavaScript budget', () => {
  it(`keeps every public route within ${kB(FIRST_LOAD_BUDGET_BYTES)} gzip`, () => {
    if (!existsSync(path.join(dist, '.vite/manifest.json'))) throw new Error(`no client build in ${dist}: run \`npm run build\` first`);
    const load = measureFirstLoad(dist);
    const report = describeFirstLoad(load);
    console.log(report);
    expect(load.routes.length).toBeGreaterThan(5);
    const over = load.routes.filter((r) => r.bytes > FIRST_LOAD_BUDGET_BYTES).map((r) => `${path.basename(r.page)} ${kB(r.bytes)}`);
    if (over.length) throw new Error(`over the ${kB(FIRST_LOAD_BUDGET_BYTES)} budget: ${over.join(', ')}\n${report}`);
  });
});
