import { runService } from '@journal/server-kit';
import { readPdfWorkerConfig } from './config';
import { startWorker } from './worker';

runService('pdf-worker', readPdfWorkerConfig, startWorker);
