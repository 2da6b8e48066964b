import { runService } from '@journal/common';
import { readContentConfig } from './config';
import { start } from './app';

runService('content', readContentConfig, start);
