import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, saveBlob, useApiClient } from '../api-client';
import { pdfJobsApi } from './pdf-jobs.api';
import type { PdfRequest } from './pdf.api';

export type PdfJobPhase = 'idle' | 'starting' | 'running' | 'downloading' | 'done' | 'error';

export interface PdfJobState {
  phase: PdfJobPhase;
  /** Documents rendered so far and in all; total is 0 until the server reports it. */
  progress: { done: number; total: number };
  error?: string;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('aborted', 'AbortError'));
    }, { once: true });
  });

const message = (err: unknown) => {
  if (err instanceof ApiError) {
    if (err.status === 503) return 'The document service is busy. Please try again in a moment.';
    return err.message || 'Something went wrong';
  }
  return 'Something went wrong';
};

/**
 * Starts a document job (`?async=1`), polls `/api/pdf/jobs/:id` for its progress, then downloads
 * the result and saves it under its file name (docs/product.md#documents). One job at a time per hook; unmounting
 * stops the polling. A 401 on admin documents goes through the api-client's session handling.
 */
export function usePdfJob() {
  const [state, setState] = useState<PdfJobState>({ phase: 'idle', progress: { done: 0, total: 0 } });
  const abort = useRef<AbortController | null>(null);
  const client = useApiClient();

  useEffect(() => () => abort.current?.abort(), []);

  const run = useCallback(async (req: PdfRequest): Promise<boolean> => {
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setState({ phase: 'starting', progress: { done: 0, total: 0 } });
    const jobs = pdfJobsApi(client);
    try {
      const started = await jobs.start(req, ctl.signal);
      let delay = 300;
      if (started.state !== 'completed') {
        for (;;) {
          const st = await jobs.status(started.statusUrl, req.auth, ctl.signal);
          if (st.state === 'failed') throw new Error(st.failedReason || 'The document could not be produced');
          setState({ phase: st.state === 'completed' ? 'downloading' : 'running', progress: st.progress });
          if (st.state === 'completed') break;
          await sleep(delay, ctl.signal);
          delay = Math.min(delay * 1.5, 2000);
        }
      }
      setState((s) => ({ ...s, phase: 'downloading' }));
      const { blob } = await jobs.result(started.resultUrl, req.auth, ctl.signal);
      saveBlob(blob, req.filename);
      setState((s) => ({ phase: 'done', progress: s.progress.total ? { done: s.progress.total, total: s.progress.total } : { done: 1, total: 1 } }));
      return true;
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return false;
      setState((s) => ({ ...s, phase: 'error', error: err instanceof ApiError ? message(err) : (err as Error)?.message || message(err) }));
      return false;
    }
  }, [client]);

  const reset = useCallback(() => {
    abort.current?.abort();
    setState({ phase: 'idle', progress: { done: 0, total: 0 } });
  }, []);

  const busy = state.phase === 'starting' || state.phase === 'running' || state.phase === 'downloading';
  return { ...state, busy, run, reset };
}
