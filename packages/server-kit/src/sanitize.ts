import sanitizeHtml from 'sanitize-html';
import { blockTagsToSpaces, decodeEntities, isSafeHref, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, RICH_TEXT_URL_SCHEMES, TITLE_TAGS } from '@journal/contracts';
import { AppError } from './errors';

const richOptions: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
  allowedSchemes: [...RICH_TEXT_URL_SCHEMES],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
};

const titleOptions: sanitizeHtml.IOptions = {
  allowedTags: [...TITLE_TAGS],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html ?? '', richOptions);

/**
 * docs/security.md#links: the first link of the rich text whose href names a scheme other than
 * http:, https: or mailto: (entities decoded as a browser would), or null. The sanitiser would
 * drop such an href silently; a form refuses it instead, so the author knows.
 */
export function unsafeRichTextLink(html: string): string | null {
  let found: string | null = null;
  sanitizeHtml(html ?? '', {
    allowedTags: [],
    allowedAttributes: {},
    // Every tag's attributes as parsed (entities decoded), before anything is filtered.
    onOpenTag: (_name, attribs) => {
      for (const attr of ['href', 'src', 'action', 'formaction', 'xlink:href']) {
        const v = attribs[attr];
        if (found === null && typeof v === 'string' && !isSafeHref(v)) found = v;
      }
    },
  });
  return found;
}

/** Refuses rich text with a `javascript:`, `data:` or other unsafe link (400, naming the field). */
export function assertSafeRichTextLinks(field: string, label: string, html: string | undefined): void {
  if (html === undefined) return;
  const bad = unsafeRichTextLink(html);
  if (bad !== null) {
    const shown = bad.length > 40 ? `${bad.slice(0, 40)}…` : bad;
    const message = `${label}: links must be http://, https:// or mailto: addresses (found ${JSON.stringify(shown)})`;
    throw new AppError(400, 'unsafe_link', message, [{ path: field, message }]);
  }
}

/** docs/product.md#display-rules: titles keep only italic and emphasis, with whitespace collapsed. */
export const sanitizeTitle = (html: string): string =>
  sanitizeHtml(html ?? '', titleOptions).replace(/\s+/g, ' ').trim();

/** Plain text, for places such as PDF file names and meta tags. */
export const toPlainText = (html: string): string =>
  sanitizeHtml(blockTagsToSpaces(html), { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();

/**
 * Stored (possibly entity-encoded) rich text → plain text: the storage encoding is decoded once
 * (docs/product.md#encoded-text), the tags dropped, then the text's own HTML entities decoded.
 */
export const storedToPlainText = (stored: unknown): string => decodeEntities(toPlainText(decodeEntities(stored)));

export { escapeHtml } from '@journal/contracts';
