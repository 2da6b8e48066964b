/**
 * A pure function of a string, remembered: the same abstracts, titles and editor texts are
 * sanitised on every page that shows them, and sanitize-html parses each one in full. Bounded by
 * the characters kept (keys and results); when full it starts over, which costs one parse each.
 */
export function memoText(fn: (s: string) => string, maxChars = 8_000_000): (s: string) => string {
  let memo = new Map<string, string>();
  let chars = 0;
  return (s: string) => {
    const key = s ?? '';
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const out = fn(key);
    const size = key.length + out.length;
    if (size > maxChars) return out;
    if (chars + size > maxChars) {
      memo = new Map();
      chars = 0;
    }
    memo.set(key, out);
    chars += size;
    return out;
  };
}
