/**
 * Sanitised HTML as plain text (docs/product.md#machine-readable-text), in a file of its own so the
 * public site's first load does not carry it: only the lazily loaded head builders use it there.
 */

/** Tags that end a block of text: they become a space, any other tag (inline markup) nothing. */
const BLOCK_TAG = /<\/?(?:p|br|div|li|ul|ol|h[1-6]|blockquote|pre|table|tr|td|th|hr|dd|dt|dl)\b[^>]*>/gi;

/**
 * Sanitised HTML → text with its tags dropped, entities not yet decoded: inline markup leaves no
 * gap ('<i>in vitro</i>; x' → 'in vitro; x', never 'in vitro ; x'), a block boundary one space.
 */
export const dropTags = (html: unknown): string => blockTagsToSpaces(html).replace(/<[^>]*>/g, '');

/** Every block tag replaced by a space (an HTML sanitiser then drops the inline ones). */
export const blockTagsToSpaces = (html: unknown): string => String(html ?? '').replace(BLOCK_TAG, ' ');
