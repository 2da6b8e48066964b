import { runService } from '@journal/server-kit';
import { readAuthConfig } from './config';
import { start } from './app';

runService('auth', readAuthConfig, start);
