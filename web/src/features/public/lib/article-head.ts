import { publicPaths as paths } from '@/config/public-paths';
import type { Article, Settings } from '../api/public-types';
import { doiUrl } from '@journal/contracts/doi-url';
import { escapeText as esc, titleText } from './citation';
import { effectiveLicense, licenseLine } from '@journal/contracts/licenses';
import { articleJsonLd, citationMetaTags, plainText, scriptJson, type HeadLicense } from './citation-meta';
import { dublinCoreTags } from './dublin-core';

/** An article page's machine-readable head, as strings ready for the page's elements. */
export interface ArticleHeadData {
  description: string;
  /** [name, content] of the citation meta tags, then the Dublin Core ones. */
  meta: [string, string][];
  /** The JSON-LD, escaped for a <script> element. */
  jsonLd: string;
  /** docs/product.md#licences: `<link rel="license">`, DC.rights and the page's licence line; null when none is stated. */
  license: HeadLicense | null;
  /**
   * The page's scholarly parts as HTML made here from escaped text ('' when there is nothing to
   * show): each author's ORCID link and affiliations, the licence line, the references. Made with
   * the head so their code stays out of the page's first load.
   */
  html: { authors: string; license: string; references: string };
}

const link = (href: string, text: string, rel = 'noopener') => `<a href="${esc(href)}" rel="${rel}">${esc(text)}</a>`;

/** docs/product.md#article-page: the author details, shown when the list names an iD or an affiliation. */
function authorsHtml(a: Article): string {
  const list = a.authors ?? [];
  if (!list.some((p) => p.orcid || p.affiliations.length)) return '';
  const item = (p: (typeof list)[number]) =>
    `<li>${esc(p.given ? `${p.given} ${p.family}` : p.family)}${p.corresponding ? ' (corresponding author)' : ''}${
      p.orcid ? ` ${link(`https://orcid.org/${p.orcid}`, `ORCID ${p.orcid}`)}` : ''
    }${p.affiliations.map((f) => ` — ${esc(f.name)}`).join('')}</li>`;
  return `<ul class="author-details">${list.map(item).join('')}</ul>`;
}

/** docs/product.md#references: under the abstract, each DOI linked. */
function referencesHtml(a: Article): string {
  const refs = a.references ?? [];
  if (!refs.length) return '';
  const item = (r: (typeof refs)[number]) => `<li>${esc(r.text)}${r.doi ? ` ${link(doiUrl(r.doi), doiUrl(r.doi))}` : ''}</li>`;
  return `<h3 id="references-h">References</h3><ol class="references">${refs.map(item).join('')}</ol>`;
}

/** Heads made, by the article and settings answers they were made from (answers are never changed in place). */
const made = new WeakMap<Article, WeakMap<object, Map<string, ArticleHeadData>>>();
const NO_SETTINGS = {};

/**
 * Built by the route loader: in the render process for a served page (the browser hydrates from
 * these strings), and in a lazy chunk of its own when the reader moves to another article. The
 * render process reuses an article's answers until it is written, so each head is made once per
 * answer and origin, and the page's hydration data finds the same object again (its JSON is
 * remembered by identity).
 */
export function articleHead(a: Article, settings: Settings | undefined, origin: string): ArticleHeadData {
  let bySettings = made.get(a);
  if (!bySettings) made.set(a, (bySettings = new WeakMap()));
  let byOrigin = bySettings.get(settings ?? NO_SETTINGS);
  if (!byOrigin) bySettings.set(settings ?? NO_SETTINGS, (byOrigin = new Map()));
  let head = byOrigin.get(origin);
  if (!head) byOrigin.set(origin, (head = makeHead(a, settings, origin)));
  return head;
}

function makeHead(a: Article, settings: Settings | undefined, origin: string): ArticleHeadData {
  const url = origin + paths.article(a.year, a.volume, a.issue, encodeURIComponent(a.refnumber));
  const name = (settings?.websitename ?? '').trim();
  const journal = { name, issn: settings?.issn, essn: settings?.journal_essn, language: settings?.journal_language };
  // Plain text: React escapes it once in the attribute.
  const abstract = plainText(a.abstract);
  const l = effectiveLicense(a.license, settings?.license);
  const license = l ? { url: l.url, label: l.label, line: licenseLine(l) } : null;
  return {
    description: abstract.slice(0, 300) || titleText(a.title),
    meta: [...citationMetaTags(a, journal, url, origin), ...dublinCoreTags(a, journal, url, origin, license)],
    jsonLd: scriptJson(articleJsonLd(a, journal, url, origin, license)),
    license,
    html: {
      authors: authorsHtml(a),
      license: license ? `Licence: ${link(license.url, license.label, 'license')}` : '',
      references: referencesHtml(a),
    },
  };
}
