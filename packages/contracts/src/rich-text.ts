import { LINK_SCHEMES } from './link.rules.js';

/**
 * The project's one allow-list for rich text. The server sanitises with it before storing or
 * answering, and the browser sanitises with it again before rendering.
 */
export const RICH_TEXT_TAGS = [
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'small', 'span', 'div',
  'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'hr',
  'table', 'thead', 'tbody', 'tr', 'td', 'th', 'caption', 'code', 'pre',
] as const;

export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** docs/security.md#links: the schemes of link.rules.ts; anything else loses its href. */
export const RICH_TEXT_URL_SCHEMES = LINK_SCHEMES;

/**
 * The same rule for DOMPurify (`ALLOWED_URI_REGEXP`): an allowed scheme, or no scheme at all
 * (an address within the site).
 */
export const RICH_TEXT_URI_RE = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export { TITLE_TAGS, isTitleTag, TITLE_TAG_PATTERN } from './title-tags.js';
