/**
 * COUNTER_SUSHI 5.1 exceptions (Code of Practice, Appendix F; the API's responses): the code, its
 * fixed message, and the HTTP status the API answers it with. Those answered 200 travel in the
 * report header's `Exceptions`; the others are the whole answer.
 */
export const SUSHI_EXCEPTIONS = {
  1000: { message: 'Service Not Available', status: 503 },
  1011: { message: 'Report Queued for Processing', status: 202 },
  1020: { message: 'Client has made too many requests', status: 429 },
  1030: { message: 'Insufficient Information to Process Request', status: 400 },
  2000: { message: 'Requestor Not Authorized to Access Service', status: 401 },
  2010: { message: 'Requestor is Not Authorized to Access Usage for Institution', status: 403 },
  2020: { message: 'APIKey Invalid', status: 401 },
  3000: { message: 'Report Not Supported', status: 404 },
  3020: { message: 'Invalid Date Arguments', status: 400 },
  3030: { message: 'No Usage Available for Requested Dates', status: 200 },
  3031: { message: 'Usage Not Ready for Requested Dates', status: 200 },
  3032: { message: 'Usage No Longer Available for Requested Dates', status: 200 },
  3040: { message: 'Partial Data Returned', status: 200 },
  3050: { message: 'Parameter Not Recognized in this Context', status: 200 },
  3060: { message: 'Invalid ReportFilter Value', status: 200 },
  3062: { message: 'Invalid ReportAttribute Value', status: 200 },
} as const;
export type SushiCode = keyof typeof SUSHI_EXCEPTIONS;

export interface SushiException {
  Code: number;
  Message: string;
  Data?: string;
}

export const sushiException = (code: SushiCode, data?: string): SushiException => ({
  Code: code,
  Message: SUSHI_EXCEPTIONS[code].message,
  ...(data ? { Data: data } : {}),
});

/** An exception that is the whole answer (its HTTP status is not 200). */
export class SushiError extends Error {
  readonly status: number;
  readonly body: SushiException;
  constructor(code: SushiCode, data?: string) {
    super(SUSHI_EXCEPTIONS[code].message);
    this.status = SUSHI_EXCEPTIONS[code].status;
    this.body = sushiException(code, data);
  }
}
