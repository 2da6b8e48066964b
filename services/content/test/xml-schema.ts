import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The published schemas, placed in services/content/schemas by whoever runs the tests (the README
 * there says where they come from; the repository keeps only the catalog).
 */
const SCHEMAS = resolve(__dirname, '..', 'schemas');
const SCHEMA_FILES = {
  crossref: 'crossref/crossref5.3.1.xsd',
  jats: 'jats/JATS-journalpublishing1-3-mathml3.xsd',
  doaj: 'doaj/doajArticles.xsd',
} as const;
export type SchemaName = keyof typeof SCHEMA_FILES;

/** Whether a schema's files are in place: without them a document is checked only as well-formed XML by its own test. */
export const hasSchema = (schema: SchemaName): boolean => existsSync(join(SCHEMAS, SCHEMA_FILES[schema]));

const told = new Set<SchemaName>();
/** Expects every document valid against the schema; says once per schema when its files are missing. */
export async function expectValid(schema: SchemaName, docs: string[]): Promise<void> {
  if (!hasSchema(schema)) {
    if (!told.has(schema)) console.warn(`${schema} schema not in services/content/schemas: schema validation left out (see its README)`);
    told.add(schema);
    return;
  }
  expect(await schemaErrors(schema, docs)).toEqual([]);
}

/**
 * Validates the documents against a published schema with xmllint (libxml2), never going to the
 * network: the catalog maps the schemas' remote imports to the shipped copies. One xmllint run for
 * all documents, since loading the JATS-based schemas is the slow part. Returns the validity
 * errors, one string per problem ([] when every document is valid).
 */
export async function schemaErrors(schema: SchemaName, docs: string[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'xsd-'));
  try {
    const files = await Promise.all(
      docs.map(async (d, i) => {
        const f = join(dir, `doc-${i}.xml`);
        await writeFile(f, d);
        return f;
      }),
    );
    const out = await new Promise<{ code: number; stderr: string }>((done, fail) => {
      execFile(
        'xmllint',
        ['--nonet', '--noout', '--schema', join(SCHEMAS, SCHEMA_FILES[schema]), ...files],
        { env: { ...process.env, XML_CATALOG_FILES: join(SCHEMAS, 'catalog.xml') }, maxBuffer: 16 * 1024 * 1024 },
        (err, _stdout, stderr) => {
          if (err && typeof err.code !== 'number') return fail(err);
          done({ code: err ? Number(err.code) : 0, stderr });
        },
      );
    });
    // Schema-parser warnings (imports of one namespace from two places) are not document errors.
    const errors = out.stderr.split('\n').filter((l) => /validity error|parser error|fails to validate/.test(l));
    if (out.code !== 0 && out.code !== 3 && !errors.length) throw new Error(`xmllint failed (${out.code}): ${out.stderr}`);
    return errors.map((l) => l.replace(dir, ''));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
