import { decodeEntities, sanitizeTitle } from '@/lib/sanitize';

/** An article's title in a list cell: stored entities decoded, only the title's inline tags kept. */
export function ArticleTitleCell({ title }: { title: string }) {
  return <td dangerouslySetInnerHTML={{ __html: sanitizeTitle(decodeEntities(title)) }} />;
}
