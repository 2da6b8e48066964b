/** A publication date as Google Scholar wants it: YYYY/MM/DD, or the year alone. */
export function citationDate(publishdate: string | null | undefined, year: number | string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(publishdate ?? '');
  if (iso) return `${iso[1]}/${iso[2]}/${iso[3]}`;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec((publishdate ?? '').trim());
  if (dmy) return `${dmy[3]}/${dmy[2]!.padStart(2, '0')}/${dmy[1]!.padStart(2, '0')}`;
  return String(year);
}
