import { createHmac, timingSafeEqual } from 'node:crypto';
import { publishedFileUrl, citationDate, doiUrl, effectiveLicense, languageCode } from '@journal/contracts';
import { articleAuthors } from '../cite/article-authors';
import { jatsArticleElement } from '../cite/jats-xml';
import type { Journal } from '../journals/journal.repo';
import type { ArticleDetail } from '../views/article-shapes';
import type { IssueKey } from '../views/view-docs';
import { listOaiPage, setsOf, type OaiChunk, type OaiDirectory, type OaiEntry } from '../views/oai-index';
import { plain } from '../shared/text';
import { pagePath } from './public-url';
import { xml, xmlLines, xmlOrderedDocument, type XmlContent, type XmlNode } from './xml';

/**
 * OAI-PMH 2.0 data provider over one journal's articles (oai_dc and jats), docs/product.md#oai-pmh:
 * public articles are records; disabled, withdrawn and removed ones are deleted records
 * (deletedRecord "persistent"). Lists run oldest first by datestamp then identifier, and a
 * resumption token is a cursor (the last datestamp and identifier sent), so a record added or
 * changed during a harvest comes after the cursor and nothing already listed shifts. The entries
 * are the journal's stored OAI index (views/oai-index.ts): a page reads a few of its chunks.
 */

export const OAI_PAGE_SIZE = 100;
/** How long a resumption token is honoured. */
export const OAI_TOKEN_TTL_MS = 24 * 3600_000;

const VERBS: Record<string, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
};

/** What a journal's answers are read from (the public service's views). */
export interface OaiRepository {
  /** The index's directory and its chunks by number. */
  directory(): Promise<OaiDirectory>;
  chunk(c: number): Promise<OaiChunk>;
  /** Issues with public articles, newest first: the sets, in the order ListSets gives them. */
  issues(): Promise<IssueKey[]>;
  /** The entry of one identifier (its reference number), or null. */
  entry(ref: string): Promise<OaiEntry | null>;
  /** Public articles' full records (abstracts) by reference number, each with its PDF's published URL. */
  records(refs: string[]): Promise<Map<string, { detail: ArticleDetail; pdf_url: string | null }>>;
}

export interface OaiContext {
  journal: Journal;
  origin: string;
  host: string;
  repo: OaiRepository;
  /** Signs resumption tokens (`oaiTokenKey`), so one edited by hand is refused. */
  tokenKey: Buffer;
  now?: Date;
}

/** The key resumption tokens are signed with, derived from a service secret and bound to one journal. */
export const oaiTokenKey = (secret: string, journalId: string): Buffer => createHmac('sha256', secret).update(`oai-resumption-token\0${journalId}`).digest();

class OaiError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

interface ListArgs {
  metadataPrefix: string;
  from?: string;
  until?: string;
  set?: string;
  /** The last record sent: its datestamp (ms) and identifier; absent on the first page. */
  after?: { t: number; r: string };
}

/** The metadata formats served: Dublin Core, and JATS front matter under the prefix OJS gives it. */
const FORMATS = {
  oai_dc: { schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd', ns: 'http://www.openarchives.org/OAI/2.0/oai_dc/' },
  jats: { schema: 'https://jats.nlm.nih.gov/publishing/1.3/xsd/JATS-journalpublishing1-3.xsd', ns: 'http://jats.nlm.nih.gov' },
} as const;

const isoSeconds = (d: Date | string) => new Date(d).toISOString().replace(/\.\d{3}Z$/, 'Z');

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const SEC_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function parseDate(v: string, end: boolean): { t: number; day: boolean } {
  const day = DAY_RE.test(v);
  if (!day && !SEC_RE.test(v)) throw new OaiError('badArgument', `Invalid date: ${v}`);
  const t = Date.parse(day ? `${v}T${end ? '23:59:59' : '00:00:00'}Z` : v);
  if (Number.isNaN(t) || isoSeconds(new Date(t)).slice(0, v.length) !== v.slice(0, day ? 10 : 20))
    throw new OaiError('badArgument', `Invalid date: ${v}`);
  return { t, day };
}

/** Keywords and the article's subject, each once (compared without case or repeated spaces), in order. */
export function distinctSubjects(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const v = plain(raw).replace(/\s+/g, ' ').trim();
    const k = v.toLowerCase();
    if (!v || seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

interface TokenBody {
  v: string;
  m: string;
  f?: string;
  u?: string;
  s?: string;
  t: number;
  r: string;
  /** Expiry, ms since the epoch. */
  x: number;
}

const tokenMac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16);

/** `body.mac`, both base64url: the cursor is readable, and any change to it breaks the MAC. */
function encodeToken(key: Buffer, verb: string, args: ListArgs, after: { t: number; r: string }, expires: number): string {
  const body: TokenBody = { v: verb, m: args.metadataPrefix, f: args.from, u: args.until, s: args.set, t: after.t, r: after.r, x: expires };
  const b = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${b}.${tokenMac(key, b).toString('base64url')}`;
}

const badToken = () => new OaiError('badResumptionToken', 'The resumptionToken is invalid or expired');

function decodeToken(key: Buffer, verb: string, token: string, now: Date): ListArgs {
  let o: Partial<TokenBody>;
  try {
    const m = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!m || !timingSafeEqual(Buffer.from(m[2]!, 'base64url'), tokenMac(key, m[1]!))) throw badToken();
    o = JSON.parse(Buffer.from(m[1]!, 'base64url').toString('utf8')) as Partial<TokenBody>;
  } catch {
    throw badToken();
  }
  if (!o || typeof o !== 'object' || o.v !== verb || typeof o.m !== 'string' || typeof o.r !== 'string' || !Number.isSafeInteger(o.t) || !Number.isSafeInteger(o.x)) throw badToken();
  for (const k of ['f', 'u', 's'] as const) if (o[k] !== undefined && typeof o[k] !== 'string') throw badToken();
  if (o.x! < now.getTime()) throw badToken();
  return { metadataPrefix: o.m, from: o.f, until: o.u, set: o.s, after: { t: o.t!, r: o.r } };
}

/** Reads and validates the request arguments (query or form), per the protocol's rules. */
function checkArgs(params: Record<string, unknown>): { verb: string; args: Record<string, string> } {
  const args: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v !== 'string') throw new OaiError(k === 'verb' ? 'badVerb' : 'badArgument', `Repeated or invalid argument: ${k}`);
    args[k] = v;
  }
  const verb = args.verb;
  if (!verb || !Object.prototype.hasOwnProperty.call(VERBS, verb)) throw new OaiError('badVerb', verb ? `Illegal verb: ${verb}` : 'Missing verb');
  delete args.verb;
  const spec = VERBS[verb]!;
  const keys = Object.keys(args);
  if (spec.exclusive && keys.includes(spec.exclusive)) {
    if (keys.length !== 1) throw new OaiError('badArgument', `${spec.exclusive} is an exclusive argument`);
    return { verb, args };
  }
  for (const k of keys) if (!spec.required.includes(k) && !spec.optional.includes(k)) throw new OaiError('badArgument', `Illegal argument: ${k}`);
  for (const k of spec.required) if (!args[k]) throw new OaiError('badArgument', `Missing argument: ${k}`);
  return { verb, args };
}

export async function handleOai(params: Record<string, unknown>, ctx: OaiContext): Promise<string> {
  const now = ctx.now ?? new Date();
  const base = `${ctx.origin}/oai`;
  const response = (attrs: Record<string, string>, body: XmlNode) =>
    xmlOrderedDocument(
      xml(
        'OAI-PMH',
        {
          xmlns: 'http://www.openarchives.org/OAI/2.0/',
          'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
          'xsi:schemaLocation': 'http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd',
        },
        xmlLines(xml('responseDate', null, isoSeconds(now)), xml('request', attrs, base), body),
      ),
      '\n',
    );
  let checked: { verb: string; args: Record<string, string> } | null = null;
  try {
    checked = checkArgs(params);
    const body = await answer(checked.verb, checked.args, ctx);
    return response({ verb: checked.verb, ...checked.args }, body);
  } catch (err) {
    if (!(err instanceof OaiError)) throw err;
    // badVerb and badArgument echo no attributes (the request could not be understood).
    const attrs = checked && err.code !== 'badVerb' && err.code !== 'badArgument' ? { verb: checked.verb, ...checked.args } : {};
    return response(attrs, xml('error', { code: err.code }, err.message));
  }
}

async function answer(verb: string, args: Record<string, string>, ctx: OaiContext): Promise<XmlNode> {
  const { journal, origin, host, repo } = ctx;
  const now = ctx.now ?? new Date();
  const idPrefix = `oai:${host}:`;
  const findById = async (identifier: string): Promise<OaiEntry> => {
    const e = identifier.startsWith(idPrefix) ? await repo.entry(identifier.slice(idPrefix.length)) : null;
    if (!e) throw new OaiError('idDoesNotExist', `Unknown identifier: ${identifier}`);
    return e;
  };
  const checkPrefix = (p: string) => {
    if (!Object.prototype.hasOwnProperty.call(FORMATS, p)) throw new OaiError('cannotDisseminateFormat', `Unsupported metadataPrefix: ${p}`);
  };

  const headerOf = (e: OaiEntry, deleted = !!e.d) =>
    xml(
      'header',
      { status: deleted && 'deleted' },
      xml('identifier', null, idPrefix + e.r),
      xml('datestamp', null, isoSeconds(new Date(e.t))),
      setsOf(e).map((s) => xml('setSpec', null, s)),
    );

  /** The record's metadata; the PDF by its one published URL (no version query). */
  const dcOf = (detail: ArticleDetail, pdfUrl: string | null) => {
    const a = { ...detail, pdf_url: pdfUrl };
    const name = plain(journal.websitename || journal.slug);
    const el = (tag: string, v: string) => !!v && xml(`dc:${tag}`, null, v);
    const subjects = distinctSubjects([...(a.keywords ?? '').split(/[,;]/), a.subject ?? '']);
    return xml(
      'oai_dc:dc',
      {
        'xmlns:oai_dc': 'http://www.openarchives.org/OAI/2.0/oai_dc/',
        'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
        'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
        'xsi:schemaLocation': 'http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
      },
      el('title', plain(a.title)),
      // docs/product.md#oai-pmh: "Family, Given", the form Dublin Core asks for.
      ...articleAuthors(a).map((p) => el('creator', p.given ? `${p.family}, ${p.given}` : p.family)),
      ...subjects.map((k) => el('subject', k)),
      el('description', plain(a.abstract)),
      el('publisher', name),
      el('date', citationDate(a.publishdate, a.year).replace(/\//g, '-')),
      el('type', 'Text'),
      el('type', 'article'),
      !!a.pdf_url && el('format', 'application/pdf'),
      el('identifier', origin + pagePath.article(a)),
      !!a.pdf_url && el('identifier', publishedFileUrl(origin, a.pdf_url)),
      !!a.doi && el('identifier', `doi:${a.doi}`),
      !!a.doi && el('identifier', doiUrl(a.doi)),
      el('source', `${name}, Vol. ${a.volume}, Issue ${a.issue} (${a.year})${a.pagenumber ? `, pp. ${a.pagenumber}` : ''}`),
      !!journal.issn && el('relation', `ISSN ${journal.issn}`),
      el('language', languageCode(journal.journal_language) ?? ''),
      el('coverage', a.country),
      el('rights', effectiveLicense(a.license, journal.license)?.url ?? ''),
    );
  };
  const jatsOf = (detail: ArticleDetail, pdfUrl: string | null) => {
    const a = { ...detail, pdf_url: pdfUrl };
    return jatsArticleElement(
      { id: journal.slug, title: plain(journal.websitename || journal.slug), issn: journal.issn, eissn: journal.journal_essn, publisher: plain(journal.websitename || journal.slug), language: languageCode(journal.journal_language ?? '') },
      { ...a, license: effectiveLicense(a.license, journal.license)?.url ?? '', url: origin + pagePath.article(a), pdfUrl: publishedFileUrl(origin, a.pdf_url) },
      // JATS elements are in no namespace: undeclared, the record would inherit OAI-PMH's.
      '',
    );
  };
  const metadataOf = (prefix: string, r: { detail: ArticleDetail; pdf_url: string | null }) =>
    xml('metadata', null, prefix === 'jats' ? jatsOf(r.detail, r.pdf_url) : dcOf(r.detail, r.pdf_url));
  const recordOf = (e: OaiEntry, ...metadata: XmlContent[]) => xml('record', null, headerOf(e, !metadata.length), metadata);

  switch (verb) {
    case 'Identify': {
      const first = (await repo.directory()).chunks[0];
      const earliest = first ? first.t : now.getTime();
      const email = /^[^@\s<>]+@[^@\s<>]+$/.test(journal.websiteemail ?? '') ? journal.websiteemail : `admin@${host}`;
      return xml(
        'Identify',
        null,
        xml('repositoryName', null, plain(journal.websitename || journal.slug)),
        xml('baseURL', null, `${origin}/oai`),
        xml('protocolVersion', null, '2.0'),
        xml('adminEmail', null, email),
        xml('earliestDatestamp', null, isoSeconds(new Date(earliest))),
        xml('deletedRecord', null, 'persistent'),
        xml('granularity', null, 'YYYY-MM-DDThh:mm:ssZ'),
      );
    }
    case 'ListMetadataFormats': {
      if (args.identifier) await findById(args.identifier);
      return xml(
        'ListMetadataFormats',
        null,
        Object.entries(FORMATS).map(([prefix, f]) =>
          xml('metadataFormat', null, xml('metadataPrefix', null, prefix), xml('schema', null, f.schema), xml('metadataNamespace', null, f.ns)),
        ),
      );
    }
    case 'ListSets': {
      if (args.resumptionToken) throw new OaiError('badResumptionToken', 'ListSets is answered in one response');
      const sets = new Map<string, string>();
      for (const a of await repo.issues()) {
        if (!sets.has(String(a.year))) sets.set(String(a.year), `Year ${a.year}`);
        const [, issueSet] = setsOf(a);
        if (!sets.has(issueSet!)) sets.set(issueSet!, `Vol. ${a.volume}, Issue ${a.issue} (${a.year})`);
      }
      if (!sets.size) throw new OaiError('noSetHierarchy', 'This repository has no sets yet');
      return xml('ListSets', null, [...sets].map(([spec, name]) => xml('set', null, xml('setSpec', null, spec), xml('setName', null, name))));
    }
    case 'GetRecord': {
      checkPrefix(args.metadataPrefix!);
      const e = await findById(args.identifier!);
      if (e.d) return xml('GetRecord', null, recordOf(e));
      const d = (await repo.records([e.r])).get(e.r);
      if (!d) throw new OaiError('idDoesNotExist', `Unknown identifier: ${args.identifier}`);
      return xml('GetRecord', null, recordOf(e, metadataOf(args.metadataPrefix!, d)));
    }
    case 'ListIdentifiers':
    case 'ListRecords': {
      const list: ListArgs = args.resumptionToken
        ? decodeToken(ctx.tokenKey, verb, args.resumptionToken, now)
        : { metadataPrefix: args.metadataPrefix!, from: args.from, until: args.until, set: args.set };
      checkPrefix(list.metadataPrefix);
      const from = list.from ? parseDate(list.from, false) : null;
      const until = list.until ? parseDate(list.until, true) : null;
      if (from && until && from.day !== until.day) throw new OaiError('badArgument', 'from and until must have the same granularity');
      if (from && until && from.t > until.t) throw new OaiError('badArgument', 'from must not be after until');
      // Datestamps are compared at the granularity they are shown in: whole seconds.
      const dir = await repo.directory();
      const { page, total, cursor } = await listOaiPage(dir, (c) => repo.chunk(c), { from: from?.t, until: until?.t, set: list.set }, list.after, OAI_PAGE_SIZE);
      if (!page.length) throw new OaiError('noRecordsMatch', 'No records match the request');
      const next = cursor + page.length;
      const details = verb === 'ListRecords' ? await repo.records(page.filter((e) => !e.d).map((e) => e.r)) : null;
      const items = page.flatMap((e) => {
        if (!details) return [headerOf(e)];
        if (e.d) return [recordOf(e)];
        // A record made private between the two reads is deleted now; its change also moves it past
        // the cursor, so the harvest lists it again, with the datestamp of that change.
        const d = details.get(e.r);
        return [d ? recordOf(e, metadataOf(list.metadataPrefix, d)) : recordOf(e)];
      });
      let token: XmlContent = null;
      if (next < total || cursor > 0) {
        const last = page[page.length - 1]!;
        const expires = now.getTime() + OAI_TOKEN_TTL_MS;
        token =
          next < total
            ? xml('resumptionToken', { completeListSize: total, cursor, expirationDate: isoSeconds(new Date(expires)) }, encodeToken(ctx.tokenKey, verb, list, last, expires))
            : xml('resumptionToken', { completeListSize: total, cursor });
      }
      // The entries one a line, the token right after the last.
      return xml(verb, null, items.flatMap((item, i) => (i ? ['\n', item] : [item])), token);
    }
    default:
      throw new OaiError('badVerb', `Illegal verb: ${verb}`);
  }
}
