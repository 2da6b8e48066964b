import { runService } from '@journal/common';
import { readAuthConfig } from './config';
import { start } from './app';

runService('auth', readAuthConfig, start);
