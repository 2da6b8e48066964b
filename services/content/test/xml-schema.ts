import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The publishers' schemas, placed in the project's schemas/ folder by
 * `bash scripts/provision.sh schemas` (schemas/README.md). A missing one fails the test that needs
 * it: an export is never passed unchecked.
 */
const SCHEMAS = resolve(__dirname, '..', '..', '..', 'schemas');
const SCHEMA_FILES = {
  crossref: 'crossref/crossref5.3.1.xsd',
  jats: 'jats/JATS-journalpublishing1-3-mathml3.xsd',
  doaj: 'doaj/doajArticles.xsd',
  /** OAI-PMH 2.0 with oai_dc and oai-identifier (the project's driver). */
  oai: 'oai-pmh/OAI-PMH-with-oai_dc.xsd',
  sitemap: 'sitemap/sitemap.xsd',
  siteindex: 'sitemap/siteindex.xsd',
} as const;
export type SchemaName = keyof typeof SCHEMA_FILES;

function schemaFile(schema: SchemaName): string {
  const file = join(SCHEMAS, SCHEMA_FILES[schema]);
  if (!existsSync(file)) throw new Error(`the ${schema} schema is missing (schemas/${SCHEMA_FILES[schema]}): bash scripts/provision.sh schemas`);
  return file;
}

/** Expects every document valid against the schema, and at least one document. */
export async function expectValid(schema: SchemaName, docs: string[]): Promise<void> {
  expect(docs.length).toBeGreaterThan(0);
  expect(await schemaErrors(schema, docs)).toEqual([]);
}

/** Expects each document to fail the schema, each with an error matching `why`. */
export async function expectInvalid(schema: SchemaName, docs: string[], why: RegExp): Promise<void> {
  expect(docs.length).toBeGreaterThan(0);
  for (const [i, doc] of docs.entries()) {
    const errors = (await schemaErrors(schema, [doc])).join('\n');
    expect([i, errors]).toEqual([i, expect.stringMatching(why)]);
  }
}

/**
 * Validates the documents against a published schema with xmllint (libxml2), never going to the
 * network (the catalogue maps the publishers' addresses to the local copies). One xmllint run for
 * all documents, since loading the JATS-based schemas is the slow part. Returns the validity
 * errors, one string per problem ([] when every document is valid).
 */
export async function schemaErrors(schema: SchemaName, docs: string[]): Promise<string[]> {
  const xsd = schemaFile(schema);
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
        ['--nonet', '--noout', '--schema', xsd, ...files],
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
    if (out.code === 3 && !errors.length) throw new Error(`xmllint refused a document without saying why: ${out.stderr}`);
    return errors.map((l) => l.replaceAll(dir, ''));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
