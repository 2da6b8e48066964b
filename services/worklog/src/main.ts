import { runService } from '@journal/common';
import { readWorklogConfig } from './config';
import { start } from './app';

runService('worklog', readWorklogConfig, start);
