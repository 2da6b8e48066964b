import { XMLBuilder, type XmlBuilderOptions } from 'fast-xml-parser';

// Characters XML 1.0 forbids are dropped (the builder escapes the five specials).
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

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

/**
 * Ordered XML (the same builder in its preserveOrder form), for documents whose schemas fix the
 * order of elements and that hold mixed content (titles with inline markup, a citation with its
 * DOI marked): `xml(tag, attrs, ...content)` is one element, its content elements and texts in
 * order. Text is escaped and characters XML forbids dropped; an attribute that is undefined or
 * false, and content that is false, null, undefined or '' are left out; arrays are spliced in.
 * Documents are written without indentation (it would change mixed content): a '\n' text between
 * elements keeps a file's lines.
 */
export type XmlNode = { readonly [key: string]: unknown };
export type XmlContent = XmlNode | string | number | false | null | undefined | readonly XmlContent[];
export type XmlAttrs = Record<string, string | number | false | undefined>;

const orderedBuilder = new XMLBuilder({ ...options, preserveOrder: true, format: false });

const flat = (content: readonly XmlContent[], out: XmlNode[] = []): XmlNode[] => {
  for (const c of content) {
    if (c === false || c === null || c === undefined || c === '') continue;
    if (Array.isArray(c)) flat(c as readonly XmlContent[], out);
    else if (typeof c === 'string' || typeof c === 'number') out.push({ '#text': String(c) });
    else out.push(c as XmlNode);
  }
  return out;
};

export function xml(tag: string, attrs: XmlAttrs | null, ...content: XmlContent[]): XmlNode {
  const node: Record<string, unknown> = { [tag]: flat(content) };
  const present = Object.entries(attrs ?? {}).filter(([, v]) => v !== undefined && v !== false);
  if (present.length) node[':@'] = Object.fromEntries(present.map(([k, v]) => [`@${k}`, String(v)]));
  return node;
}

/** Each item on a line of its own between the element's tags (an array item is one line). */
export const xmlLines = (...items: XmlContent[]): XmlContent[] => [...items.filter((i) => flat([i]).length).flatMap((i) => ['\n', i]), '\n'];

/** Ordered content as text, with no XML declaration (a part of a larger document). */
export const xmlOrdered = (...content: XmlContent[]): string => orderedBuilder.build(flat(content)) as string;

/** A whole ordered document: the XML declaration on its own line, then the content. */
export const xmlOrderedDocument = (...content: XmlContent[]): string => `<?xml version="1.0" encoding="UTF-8"?>\n${xmlOrdered(...content)}`;
