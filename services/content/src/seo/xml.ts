import { XMLBuilder, type XmlBuilderOptions } from 'fast-xml-parser';

// Characters XML 1.0 forbids are dropped; the five specials are escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlEscape = (s: unknown) => String(s ?? '').replace(INVALID_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const validXml = (_name: string, v: unknown) => (typeof v === 'string' ? v.replace(INVALID_XML, '') : v);
const options: XmlBuilderOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  processEntities: true,
  tagValueProcessor: validXml,
  attributeValueProcessor: validXml,
};

/**
 * XML documents from plain objects (fast-xml-parser's builder): `@name` keys are attributes,
 * `#text` an element's text beside its attributes, arrays repeat an element, undefined leaves it
 * out. Text and attributes are escaped, and characters XML forbids dropped.
 */
const documentBuilder = new XMLBuilder({ ...options, format: true, indentBy: '  ' });
const fragmentBuilder = new XMLBuilder({ ...options, format: false });

/** A whole document, indented, with its XML declaration. */
export const xmlDocument = (root: Record<string, unknown>): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${documentBuilder.build(root) as string}`;

/** Elements on one line, for a document assembled in parts (a sitemap split by size). */
export const xmlFragment = (elements: Record<string, unknown>): string => fragmentBuilder.build(elements) as string;
