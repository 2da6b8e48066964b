import { readJson } from '../api/read-json';
import { useRead } from '@/lib/read-cache';
import { publicKeys } from '../api/keys';

interface Counts {
  views: number;
  downloads: number;
}

/** "Views / Downloads" of an article (COUNTER-style counts), shown when the journal turns them on. */
export function UsageCounts({ refnumber, enabled }: { refnumber: string | number; enabled: boolean }) {
  const q = useRead(
    {
      queryKey: publicKeys.articleStats(refnumber),
      staleTime: 60_000,
      queryFn: () => readJson<Counts>(`/api/archives/ref/${encodeURIComponent(String(refnumber))}/stats`),
    },
    { enabled },
  );
  if (!enabled || !q.data) return null;
  return (
    <p className="usage-counts">
      Views: {q.data.views.toLocaleString('en')} / Downloads: {q.data.downloads.toLocaleString('en')}
    </p>
  );
}
