// Characters XML 1.0 forbids are dropped; the five specials are escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (s: unknown) => String(s ?? '').replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
