import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** COUNTER's published COUNTER_SUSHI API schemas (fixtures/counter, with where they come from). */
const spec = JSON.parse(readFileSync(path.join(__dirname, 'fixtures/counter/COUNTER_SUSHI_API.json'), 'utf8')) as { components: { schemas: Record<string, unknown> } };
const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
ajv.addSchema({ $id: 'counter', components: spec.components });

/** What in an answer breaks the named schema (PR, TR_J1, Exception…): none when it validates. */
export function counterSchemaErrors(name: string, body: unknown): string[] {
  const validate = ajv.getSchema(`counter#/components/schemas/${name}`)!;
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
