import { publicPaths as paths } from '@/config/public-paths';
import type { Article, Settings } from '../api/public.api';
import { titleText } from './citation';
import { effectiveLicense, licenseLine } from '@journal/contracts/licenses';
import { articleJsonLd, citationMetaTags, plainText, scriptJson, type HeadLicense } from './citation-meta';

/** An article page's machine-readable head, as strings ready for the page's elements. */
export interface ArticleHeadData {
  description: string;
  /** [name, content] of the citation meta tags. */
  meta: [string, string][];
  /** The JSON-LD, escaped for a <script> element. */
  jsonLd: string;
  /** docs/product.md#licences: `<link rel="license">`, DC.rights and the page's licence line; null when none is stated. */
  license: HeadLicense | null;
}

/**
 * Built by the route loader: in the render process for a served page (the browser hydrates from
 * these strings), and in a lazy chunk of its own when the reader moves to another article.
 */
export function articleHead(a: Article, settings: Settings | undefined, origin: string): ArticleHeadData {
  const url = origin + paths.article(a.year, a.volume, a.issue, encodeURIComponent(a.refnumber));
  const name = (settings?.websitename ?? '').trim();
  const journal = { name, issn: settings?.issn, essn: settings?.journal_essn, language: settings?.journal_language };
  // Plain text: React escapes it once in the attribute.
  const abstract = plainText(a.abstract);
  const l = effectiveLicense(a.license, settings?.license);
  const license = l ? { url: l.url, label: l.label, line: licenseLine(l) } : null;
  return {
    description: abstract.slice(0, 300) || titleText(a.title),
    meta: [...citationMetaTags(a, journal, url, origin), ...(license ? ([['DC.rights', license.url]] as [string, string][]) : [])],
    jsonLd: scriptJson(articleJsonLd(a, journal, url, origin, license)),
    license,
  };
}
