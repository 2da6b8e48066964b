import { absoluteUrl, citationDate, doiUrl, languageCode, machineAuthors } from '@journal/contracts';
import type { Journal } from '../journals/journal.repo';
import type { ArticleDetail, CorpusArticle } from '../public/public.service';
import { plain } from '../shared/text';
import { pagePath } from './public-url';
import { xmlEscape } from './xml';

/** OAI-PMH 2.0 data provider over one journal's public articles (oai_dc only). */

export const OAI_PAGE_SIZE = 100;

const VERBS: Record<string, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
};

export interface OaiContext {
  journal: Journal;
  origin: string;
  host: string;
  /** Every public article (no abstracts), newest issue first. */
  articles: CorpusArticle[];
  /** Loads full records (abstracts) for one page of results. */
  details: (refs: string[]) => Promise<ArticleDetail[]>;
  now?: Date;
}

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
  offset: number;
}

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

const setsOf = (a: { year: number; volume: number; issue: number }) => [String(a.year), `${a.year}:vol${a.volume}issue${a.issue}`];

function encodeToken(verb: string, args: ListArgs): string {
  return Buffer.from(JSON.stringify({ v: verb, ...args })).toString('base64url');
}

function decodeToken(verb: string, token: string): ListArgs {
  try {
    if (token.length > 2000) throw new Error('long');
    const o = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<ListArgs> & { v?: string };
    if (o.v !== verb || typeof o.metadataPrefix !== 'string' || !Number.isSafeInteger(o.offset) || o.offset! < 0) throw new Error('shape');
    for (const k of ['from', 'until', 'set'] as const) if (o[k] !== undefined && typeof o[k] !== 'string') throw new Error('shape');
    return { metadataPrefix: o.metadataPrefix, from: o.from, until: o.until, set: o.set, offset: o.offset! };
  } catch {
    throw new OaiError('badResumptionToken', 'The resumptionToken is invalid or expired');
  }
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
  const head = (attrs: Record<string, string>) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">\n<responseDate>${isoSeconds(now)}</responseDate>\n<request${Object.entries(attrs).map(([k, v]) => ` ${k}="${xmlEscape(v)}"`).join('')}>${xmlEscape(base)}</request>\n`;
  const tail = '</OAI-PMH>\n';
  let checked: { verb: string; args: Record<string, string> } | null = null;
  try {
    checked = checkArgs(params);
    const body = await answer(checked.verb, checked.args, ctx);
    return head({ verb: checked.verb, ...checked.args }) + body + tail;
  } catch (err) {
    if (!(err instanceof OaiError)) throw err;
    // badVerb and badArgument echo no attributes (the request could not be understood).
    const attrs = checked && err.code !== 'badVerb' && err.code !== 'badArgument' ? { verb: checked.verb, ...checked.args } : {};
    return head(attrs) + `<error code="${err.code}">${xmlEscape(err.message)}</error>\n` + tail;
  }
}

async function answer(verb: string, args: Record<string, string>, ctx: OaiContext): Promise<string> {
  const { journal, origin, host, articles } = ctx;
  const idPrefix = `oai:${host}:`;
  const findById = (identifier: string) => {
    if (!identifier.startsWith(idPrefix)) throw new OaiError('idDoesNotExist', `Unknown identifier: ${identifier}`);
    const ref = identifier.slice(idPrefix.length);
    const a = articles.find((x) => x.refnumber === ref);
    if (!a) throw new OaiError('idDoesNotExist', `Unknown identifier: ${identifier}`);
    return a;
  };
  const checkPrefix = (p: string) => {
    if (p !== 'oai_dc') throw new OaiError('cannotDisseminateFormat', `Unsupported metadataPrefix: ${p}`);
  };

  const headerOf = (a: CorpusArticle) =>
    `<header><identifier>${xmlEscape(idPrefix + a.refnumber)}</identifier><datestamp>${isoSeconds(a.modification)}</datestamp>${setsOf(a)
      .map((s) => `<setSpec>${xmlEscape(s)}</setSpec>`)
      .join('')}</header>`;

  const dcOf = (a: ArticleDetail) => {
    const name = plain(journal.websitename || journal.slug);
    const el = (tag: string, v: string) => (v ? `<dc:${tag}>${xmlEscape(v)}</dc:${tag}>` : '');
    const keywords = (a.keywords ?? '').split(/[,;]/).map((k) => k.trim()).filter(Boolean);
    return [
      '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">',
      el('title', plain(a.title)),
      ...machineAuthors(a.authorname).map((au) => el('creator', au)),
      ...keywords.map((k) => el('subject', k)),
      el('subject', a.subject),
      el('description', plain(a.abstract)),
      el('publisher', name),
      el('date', citationDate(a.publishdate, a.year).replace(/\//g, '-')),
      el('type', 'Text'),
      el('type', 'article'),
      a.pdf_url ? el('format', 'application/pdf') : '',
      el('identifier', origin + pagePath.article(a)),
      a.pdf_url ? el('identifier', absoluteUrl(origin, a.pdf_url)) : '',
      a.doi ? el('identifier', `doi:${a.doi}`) : '',
      a.doi ? el('identifier', doiUrl(a.doi)) : '',
      el('source', `${name}, Vol. ${a.volume}, Issue ${a.issue} (${a.year})${a.pagenumber ? `, pp. ${a.pagenumber}` : ''}`),
      journal.issn ? el('relation', `ISSN ${journal.issn}`) : '',
      el('language', languageCode(journal.journal_language) ?? ''),
      el('coverage', a.country),
      '</oai_dc:dc>',
    ].join('');
  };

  switch (verb) {
    case 'Identify': {
      const earliest = articles.reduce((m, a) => Math.min(m, Date.parse(a.modification) || m), Date.now());
      const email = /^[^@\s<>]+@[^@\s<>]+$/.test(journal.websiteemail ?? '') ? journal.websiteemail : `admin@${host}`;
      return [
        '<Identify>',
        `<repositoryName>${xmlEscape(plain(journal.websitename || journal.slug))}</repositoryName>`,
        `<baseURL>${xmlEscape(`${origin}/oai`)}</baseURL>`,
        '<protocolVersion>2.0</protocolVersion>',
        `<adminEmail>${xmlEscape(email)}</adminEmail>`,
        `<earliestDatestamp>${isoSeconds(new Date(earliest))}</earliestDatestamp>`,
        '<deletedRecord>no</deletedRecord>',
        '<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>',
        '</Identify>\n',
      ].join('');
    }
    case 'ListMetadataFormats': {
      if (args.identifier) findById(args.identifier);
      return '<ListMetadataFormats><metadataFormat><metadataPrefix>oai_dc</metadataPrefix><schema>http://www.openarchives.org/OAI/2.0/oai_dc.xsd</schema><metadataNamespace>http://www.openarchives.org/OAI/2.0/oai_dc/</metadataNamespace></metadataFormat></ListMetadataFormats>\n';
    }
    case 'ListSets': {
      if (args.resumptionToken) throw new OaiError('badResumptionToken', 'ListSets is answered in one response');
      const sets = new Map<string, string>();
      for (const a of articles) {
        if (!sets.has(String(a.year))) sets.set(String(a.year), `Year ${a.year}`);
        const [, issueSet] = setsOf(a);
        if (!sets.has(issueSet!)) sets.set(issueSet!, `Vol. ${a.volume}, Issue ${a.issue} (${a.year})`);
      }
      if (!sets.size) throw new OaiError('noSetHierarchy', 'This repository has no sets yet');
      return `<ListSets>${[...sets].map(([spec, name]) => `<set><setSpec>${xmlEscape(spec)}</setSpec><setName>${xmlEscape(name)}</setName></set>`).join('')}</ListSets>\n`;
    }
    case 'GetRecord': {
      checkPrefix(args.metadataPrefix!);
      const a = findById(args.identifier!);
      const [d] = await ctx.details([a.refnumber]);
      if (!d) throw new OaiError('idDoesNotExist', `Unknown identifier: ${args.identifier}`);
      return `<GetRecord><record>${headerOf(a)}<metadata>${dcOf(d)}</metadata></record></GetRecord>\n`;
    }
    case 'ListIdentifiers':
    case 'ListRecords': {
      const list: ListArgs = args.resumptionToken
        ? decodeToken(verb, args.resumptionToken)
        : { metadataPrefix: args.metadataPrefix!, from: args.from, until: args.until, set: args.set, offset: 0 };
      checkPrefix(list.metadataPrefix);
      const from = list.from ? parseDate(list.from, false) : null;
      const until = list.until ? parseDate(list.until, true) : null;
      if (from && until && from.day !== until.day) throw new OaiError('badArgument', 'from and until must have the same granularity');
      const matching = articles.filter((a) => {
        const t = Math.floor(Date.parse(a.modification) / 1000) * 1000;
        if (from && t < from.t) return false;
        if (until && t > until.t) return false;
        if (list.set && !setsOf(a).includes(list.set)) return false;
        return true;
      });
      if (list.offset > 0 && list.offset >= matching.length) throw new OaiError('badResumptionToken', 'The resumptionToken is invalid or expired');
      if (!matching.length) throw new OaiError('noRecordsMatch', 'No records match the request');
      const page = matching.slice(list.offset, list.offset + OAI_PAGE_SIZE);
      const next = list.offset + page.length;
      const details = verb === 'ListRecords' ? new Map((await ctx.details(page.map((a) => a.refnumber))).map((d) => [d.refnumber, d])) : null;
      const items = page.flatMap((a) => {
        if (!details) return [headerOf(a)];
        // A record edited away between the two reads is left out of this page.
        const d = details.get(a.refnumber);
        return d ? [`<record>${headerOf(a)}<metadata>${dcOf(d)}</metadata></record>`] : [];
      });
      let token = '';
      if (next < matching.length || list.offset > 0) {
        const value = next < matching.length ? encodeToken(verb, { ...list, offset: next }) : '';
        token = `<resumptionToken completeListSize="${matching.length}" cursor="${list.offset}">${value}</resumptionToken>`;
      }
      return `<${verb}>${items.join('\n')}${token}</${verb}>\n`;
    }
    default:
      throw new OaiError('badVerb', `Illegal verb: ${verb}`);
  }
}
