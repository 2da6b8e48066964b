export { start, type WorklogApp } from './app';
export { worklogConfigSchema, readWorklogConfig, type WorklogConfig } from './config';
export { seedDemoWorklog, type SeedWorklogOptions } from './seed';
export { worklogVersionKey } from './version.repo';
export { ENTRY_COLLECTION } from './entry.repo';
