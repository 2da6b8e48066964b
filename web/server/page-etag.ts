import { createHash } from 'node:crypto';
import { etagOf } from '@journal/server-kit';
import type { HydrationPayload } from '@/app/providers';
import { scriptJson } from '@/features/public/lib/citation-meta';

/**
 * Strong validator of a page from what it is rendered from (see preparePage); `hydrationDigest`
 * stands for the hydration payload (each read's answer by the hash of its JSON).
 */
export function pageEtag(buildId: string, status: number, href: string, hydrationDigest: string): string {
  return etagOf(`${buildId}\n${new Date().getFullYear()}\n${status}\n${href}\n${hydrationDigest}`);
}

/**
 * The hydration payload's JSON, escaped for a script element, and a short text standing for it
 * (the page's ETag is taken from that). The answers of the reads are mostly the same objects page
 * after page (kept, revalidated with the content service): each one's JSON and its hash are
 * remembered by identity.
 */
const ofRead = new WeakMap<object, { json: string; hash: string }>();
export function hydration(site: HydrationPayload['site'], reads: HydrationPayload['reads'], errors: HydrationPayload['errors']): { json: string; digest: string } {
  const data = (d: unknown) => {
    if (d === null || typeof d !== 'object') {
      const json = scriptJson(d === undefined ? null : d);
      return { json, hash: json };
    }
    let known = ofRead.get(d);
    if (known === undefined) {
      const json = scriptJson(d);
      known = { json, hash: createHash('sha1').update(json).digest('base64url') };
      ofRead.set(d, known);
    }
    return known;
  };
  const siteJson = scriptJson(site);
  const errorsJson = scriptJson(errors ?? null);
  let readsJson = '';
  let digest = `${siteJson}\n${errorsJson}`;
  for (const [k, d] of reads) {
    const key = scriptJson(k);
    const r = data(d);
    readsJson += `${readsJson ? ',' : ''}[${key},${r.json}]`;
    digest += `\n${key}=${r.hash}`;
  }
  return { json: `{"site":${siteJson},"reads":[${readsJson}],"errors":${errorsJson}}`, digest };
}
