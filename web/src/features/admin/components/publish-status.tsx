import { useEffect, useState } from 'react';
import type { EdgeStatus } from '@journal/contracts';
import { useApiClient } from '@/lib/api-client';
import { onSaved, PUBLISH_TEXT, PublishWatch, type PublishState } from '../lib/publishing';

/**
 * docs/product.md#publishing-status: the admin shell's line on whether the last save is live on
 * the public site, shown only when that takes longer than a second.
 */
export function PublishStatus() {
  const client = useApiClient();
  const [state, setState] = useState<PublishState>('idle');
  useEffect(() => {
    const watch = new PublishWatch(() => client.get<EdgeStatus>('/api/admin/edge-status', { auth: true }), setState);
    const off = onSaved(() => watch.saved());
    return () => {
      off();
      watch.stop();
    };
  }, [client]);
  if (state === 'idle') return null;
  return (
    <p className={`admin-publish admin-publish-${state}`} role="status">
      {PUBLISH_TEXT[state]}
    </p>
  );
}
