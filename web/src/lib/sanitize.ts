import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, RICH_TEXT_URI_RE, TITLE_TAGS } from '@journal/contracts/rich-text';

const RICH_ATTRS = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

/** The server's allow-list (tags, attributes, link schemes), applied again where the browser renders HTML. */
export const sanitizeRich = (html: string) =>
  DOMPurify.sanitize(html ?? '', { ALLOWED_TAGS: [...RICH_TEXT_TAGS], ALLOWED_ATTR: RICH_ATTRS, ALLOW_DATA_ATTR: false, ALLOWED_URI_REGEXP: RICH_TEXT_URI_RE });

export const sanitizeTitle = (html: string) =>
  DOMPurify.sanitize(html ?? '', { ALLOWED_TAGS: [...TITLE_TAGS], ALLOWED_ATTR: [] }).replace(/\s+/g, ' ').trim();

/** Decodes stored entity-encoded text once (docs/product.md#encoded-text); the same rule as the server's. */
export { decodeEntities } from '@journal/contracts/text.rules';
