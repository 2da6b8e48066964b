import { registerGauges, type Metrics } from '@journal/server-kit';
import type { ViewCache } from './views/view-cache';
import type { SearchStore } from './search/search.store';

/**
 * What the replica holds in memory against its budgets, on /metrics: whether the cache is at its
 * budget (and so evicting) is what an SRE sizing the pod needs to know.
 */
export function registerCacheMetrics(metrics: Metrics, cache: ViewCache, search: SearchStore, budgets: { cacheBytes: number; searchBytes: number }): void {
  registerGauges(metrics.registry, [
    { name: 'content_cache_bytes', help: 'Bytes of views, answers and files held by the in-process cache', read: () => cache.bytes },
    { name: 'content_cache_entries', help: 'Entries held by the in-process cache', read: () => cache.size },
    { name: 'content_cache_budget_bytes', help: 'The in-process cache budget (CACHE_MAX_MB)', read: () => budgets.cacheBytes },
    { name: 'content_search_bytes', help: "Estimated bytes of the journals' search indexes held", read: () => search.heldBytes },
    { name: 'content_search_budget_bytes', help: 'The search index budget (SEARCH_CACHE_MB)', read: () => budgets.searchBytes },
  ]);
}
