/** Calendar months as `YYYY-MM` (UTC), as usage is counted and reported. */

/** The month before the one `d` falls in. */
export const monthBefore = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

export const monthAfter = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo, 1)).toISOString().slice(0, 7);
};

/** The months begin..end (inclusive). */
export const monthsOf = (begin: string, end: string) => {
  const out: string[] = [];
  for (let m = begin; m <= end; m = monthAfter(m)) out.push(m);
  return out;
};
