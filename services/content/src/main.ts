import { runService } from '@journal/server-kit';
import { readContentConfig } from './config';
import { start } from './app';

runService('content', readContentConfig, start);
