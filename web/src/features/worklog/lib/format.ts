import { WORKLOG_PAGE_SIZE, type WorkEntry } from '@journal/contracts';

/** Creator in upper case plus the creation time, en-US with a 12-hour clock (docs/product.md#worklog). */
export const formatCreated = (e: Pick<WorkEntry, 'createdby' | 'created_at'>) =>
  `${e.createdby.toUpperCase()} ${new Date(e.created_at).toLocaleString('en-US', { hour12: true })}`;

/** docs/product.md#worklog: 'x - y of total'. */
export const pagerText = (page: number, total: number, pageSize = WORKLOG_PAGE_SIZE) =>
  total === 0 ? '0 - 0 of 0' : `${(page - 1) * pageSize + 1} - ${Math.min(page * pageSize, total)} of ${total}`;
