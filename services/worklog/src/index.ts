export { start, type WorklogApp } from './app';
export { worklogConfigSchema, readWorklogConfig, type WorklogConfig } from './config';
export { seedDemoWorklog, seedBulkWorklog, type SeedWorklogOptions, type SeedBulkWorklogOptions } from './seed';
export { ENTRY_COLLECTION } from './entry.repo';
export { HEAD_COLLECTION, PAGE_COLLECTION } from './entry-page.repo';
