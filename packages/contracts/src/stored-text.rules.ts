/**
 * docs/security.md#input: characters no stored text holds. Control characters (C0 but tab, line
 * feed and carriage return, which multi-line text keeps and one-line fields refuse by their own
 * rules; DEL; C1), line and paragraph separators, the bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069: 'U+202E' turns 'fdp.exe' into what reads as 'exe.pdf') and lone
 * surrogates. They end up in meta tags, PDFs, zip entry names, logs and terminals, where they
 * hide or reorder text; no field of the platform needs them. Direction marks (U+200E, U+200F) and
 * joiners (U+200C, U+200D, needed in Devanagari and Persian) are ordinary text.
 */
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const HIDDEN_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;

export const HIDDEN_CHAR_MESSAGE = 'Text must not contain control characters or hidden text-direction characters';

/** Whether `text` holds a character no stored text may hold. */
export const hasHiddenChar = (text: string): boolean => HIDDEN_CHAR.test(text);

/** Parsed JSON, a query or a form's fields: never a Buffer, a Date or the like, whose insides are no text. */
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null);

/** Where in `input` (a parsed body, query or form) a string, or an object key, holds such a character; null when nowhere. */
export function hiddenCharPath(input: unknown): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasHiddenChar(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
    } else if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (hasHiddenChar(k)) return path;
        stack.push({ value: v, path: [...path, k] });
      }
    }
  }
  return null;
}
