import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/lib/api-client';
import { publicKeys } from '../api/keys';

interface Counts {
  views: number;
  downloads: number;
}

/** "Views / Downloads" of an article (COUNTER-style counts), shown when the journal turns them on. */
export function UsageCounts({ refnumber, enabled }: { refnumber: string | number; enabled: boolean }) {
  const api = useApiClient();
  const q = useQuery({
    queryKey: publicKeys.articleStats(refnumber),
    enabled,
    staleTime: 60_000,
    queryFn: () => api.get<Counts>(`/api/archives/ref/${encodeURIComponent(String(refnumber))}/stats`),
  });
  if (!enabled || !q.data) return null;
  return (
    <p className="usage-counts">
      Views: {q.data.views.toLocaleString('en')} / Downloads: {q.data.downloads.toLocaleString('en')}
    </p>
  );
}
