import { LRUCache } from 'lru-cache';
import { effectiveLicense, licenseByUrl } from '@journal/contracts';
import type { AccessType, StatsRepo, TitleIncrement, UsageCounts } from './stats.repo';

/** What the title reports break usage down by, per article of one journal (ids it does not know are left out). */
export type Describe = (journalId: string, articleIds: string[]) => Promise<Map<string, { yop: number; access: AccessType }>>;

/** COUNTER's Access_Type of an article: Open under an open licence (its own or its journal's), otherwise Free_To_Read. */
export const accessOf = (articleLicense: string | undefined, journalLicense: string | undefined): AccessType =>
  licenseByUrl(effectiveLicense(articleLicense, journalLicense)?.url)?.open ? 'Open' : 'Free_To_Read';

/**
 * The year of publication and access type of the articles counted, kept a while per article
 * (they change rarely, and each flush names the same articles again and again).
 */
export function articleDescriber(
  findArticle: (journalId: string, id: string) => Promise<{ year: number; license?: string } | null>,
  journalLicense: (journalId: string) => Promise<string | undefined>,
): Describe {
  const about = new LRUCache<string, { yop: number; access: AccessType }>({ max: 50_000, ttl: 10 * 60_000 });
  return async (journalId, ids) => {
    const out = new Map<string, { yop: number; access: AccessType }>();
    const license = await journalLicense(journalId);
    for (const id of ids) {
      let d = about.get(`${journalId}|${id}`);
      if (!d) {
        const a = await findArticle(journalId, id);
        if (!a) continue;
        d = { yop: a.year, access: accessOf(a.license, license) };
        about.set(`${journalId}|${id}`, d);
      }
      out.set(id, d);
    }
    return out;
  };
}

/**
 * The rollup of the months counted before the counting wrote one (`title_stats`): summed from the
 * articles' monthly counts, for the months that have none yet, so a month the counting already
 * rolls up is never counted twice. Unique items were not counted then: those months report 0 for them.
 */
export async function fillTitleRollup(stats: StatsRepo, describe: Describe, journalId: string): Promise<{ months: string[] }> {
  const present = await stats.titleMonthsPresent(journalId);
  const counts = (await stats.allArticleMonths(journalId)).filter((c) => !present.has(c.month));
  const rollup = await rollUp(describe, journalId, counts);
  await stats.addTitles(rollup);
  return { months: [...new Set(rollup.map((t) => t.month))].sort() };
}

/** One journal's article counts summed per month, year of publication and access type (articles it does not know left out). */
export async function rollUp(describe: Describe, journalId: string, counts: ({ articleId: string; month: string } & UsageCounts)[]): Promise<TitleIncrement[]> {
  const about = await describe(journalId, [...new Set(counts.map((c) => c.articleId))]);
  const out = new Map<string, TitleIncrement>();
  for (const c of counts) {
    const a = about.get(c.articleId);
    if (!a) continue;
    const key = `${c.month}|${a.yop}|${a.access}`;
    const t = out.get(key) ?? { journalId, month: c.month, yop: a.yop, access: a.access, views: 0, downloads: 0, uii: 0, uir: 0 };
    t.views += c.views;
    t.downloads += c.downloads;
    t.uii += c.uii;
    t.uir += c.uir;
    out.set(key, t);
  }
  return [...out.values()];
}
