import { runService } from '@journal/common';
import { readPdfApiConfig } from './config';
import { start } from './app';

runService('pdf', readPdfApiConfig, start);
