import { runService } from '@journal/common';
import { readPdfWorkerConfig } from './config';
import { startWorker } from './worker';

runService('pdf-worker', readPdfWorkerConfig, startWorker);
