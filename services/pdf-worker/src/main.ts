import { runService } from '@journal/server-kit';
import { readPdfApiConfig } from './config';
import { start } from './app';

runService('pdf', readPdfApiConfig, start);
