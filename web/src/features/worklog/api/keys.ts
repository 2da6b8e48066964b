import type { WorkStatus } from '@journal/contracts';

export interface ListParams {
  status: 'all' | WorkStatus;
  search: string;
  page: number;
}

/** Every work-log query key; invalidating `all` refreshes every list page. */
export const worklogKeys = {
  all: ['worklog'] as const,
  list: (p: ListParams) => [...worklogKeys.all, 'list', p.status, p.search, p.page] as const,
};
