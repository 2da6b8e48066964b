import { readJson } from '../api/read-json';
import { useRead } from '@/lib/read-cache';

interface Counts {
  views: number;
  downloads: number;
}

/** "Views / Downloads" of an article (COUNTER-style counts), shown when the journal turns them on. */
export function UsageCounts({ refnumber, enabled }: { refnumber: string | number; enabled: boolean }) {
  const q = useRead(
    {
      queryKey: ['public', 'article-stats', String(refnumber)],
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
