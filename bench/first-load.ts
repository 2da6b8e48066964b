/**
 * The JavaScript of each public page's first load, from the client build alone (no stack needed);
 * the web suite's first-load-budget test checks the same figures against the budget.
 *   node node_modules/.bin/tsx bench/first-load.ts [web/dist]
 */
import path from 'node:path';
import { FIRST_LOAD_BUDGET_BYTES, describeFirstLoad, kB, measureFirstLoad } from '../web/server/first-load';

const load = measureFirstLoad(path.resolve(process.argv[2] ?? path.join(__dirname, '../web/dist')));
console.log(describeFirstLoad(load));
const worst = Math.max(...load.routes.map((r) => r.bytes));
console.log(`heaviest public first load: ${kB(worst)} (budget ≤ ${kB(FIRST_LOAD_BUDGET_BYTES)}, enforced by web/server/first-load-budget.test.ts)`);
