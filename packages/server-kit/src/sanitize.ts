import sanitizeHtml from 'sanitize-html';
import { decodeEntities, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, RICH_TEXT_URL_SCHEMES, TITLE_TAGS } from '@journal/contracts';

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

/** docs/product.md#display-rules: titles keep only italic and emphasis, with whitespace collapsed. */
export const sanitizeTitle = (html: string): string =>
  sanitizeHtml(html ?? '', titleOptions).replace(/\s+/g, ' ').trim();

/** Plain text, for places such as PDF file names and meta tags. */
export const toPlainText = (html: string): string =>
  sanitizeHtml(html ?? '', { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();

/**
 * Stored (possibly entity-encoded) rich text → plain text: the storage encoding is decoded once
 * (docs/product.md#encoded-text), the tags dropped, then the text's own HTML entities decoded.
 */
export const storedToPlainText = (stored: unknown): string => decodeEntities(toPlainText(decodeEntities(stored)));

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => String(s ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
