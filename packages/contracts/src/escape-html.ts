const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe inside HTML, in an element or a quoted attribute: the one HTML escaping rule of
 * the services, the PDF templates and the browser. A file of its own so a page chunk takes it
 * alone.
 */
export const escapeHtml = (s: string): string => String(s ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
