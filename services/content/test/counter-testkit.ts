import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { hitOf } from '../src/stats/usage-line';
import type { ContentApp } from '../src/app';

/** COUNTER's published COUNTER_SUSHI API specification (fixtures/counter, with where it comes from). */
const spec = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/counter/COUNTER_SUSHI_API.json'), 'utf8')) as { components: { schemas: Record<string, unknown> } };
// Patterns without the u flag: the specification's ISIL pattern ('{1,3,4}') is not a valid Unicode regular expression.
const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
ajv.addSchema({ $id: 'counter', components: spec.components });

/** The schema errors of an answer against `components.schemas.<name>` of COUNTER's specification ([] when valid). */
export function counterSchemaErrors(name: string, body: unknown): string[] {
  const validate = ajv.getSchema(`counter#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name}`);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

/**
 * A request as nginx's usage log has it ([time, address, user agent, uri] on a host), handed to
 * the app's recorder as the log's reader does (`hitOf` leaves out what is not counted). Not
 * counted until the test pushes and flushes.
 */
export function receiveLogged(app: Pick<ContentApp, 'stats'>, journalId: string, host: string, [ts, ip, ua, uri]: readonly [string, string, string, string]): void {
  const h = hitOf({ host, method: 'GET', uri, status: '200', ua, ip, range: '', msec: String(Date.parse(ts) / 1000) });
  if (h) app.stats.receive({ journalId, target: h.target, ip: h.ip, ua: h.ua, ts: h.ts });
}
