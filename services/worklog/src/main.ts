import { runService } from '@journal/server-kit';
import { readWorklogConfig } from './config';
import { start } from './app';

runService('worklog', readWorklogConfig, start);
