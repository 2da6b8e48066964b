import type { Response } from 'express';
import { AppError } from '@journal/server-kit';
import type { CounterReportId } from '@journal/contracts';
import { SushiError } from './counter-exceptions';
import { counterTsv, type CounterReportJson } from './counter-tsv';
import { counterXlsx } from './counter-xlsx';

type Report = CounterReportJson & { Report_Header: { Report_Filters: { Begin_Date: string; End_Date: string } } };

/**
 * A report as a staff screen downloads it: the API's JSON, or the Code of Practice's tabular
 * form (TSV, XLSX) named by report and months. COUNTER's exceptions become 4xx JSON errors, a
 * report still being built a 503 to ask again.
 */
export async function sendCounterReport(res: Response, id: CounterReportId, format: unknown, produce: () => Promise<Report>): Promise<void> {
  try {
    const report = await produce();
    const file = `${id.toUpperCase()}_${report.Report_Header.Report_Filters.Begin_Date}_${report.Report_Header.Report_Filters.End_Date}`;
    if (format === 'tsv') {
      res.setHeader('Content-Type', 'text/tab-separated-values; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${file}.tsv"`);
      res.send(counterTsv(report));
      return;
    }
    if (format === 'xlsx') {
      res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      res.setHeader('Content-Disposition', `attachment; filename="${file}.xlsx"`);
      res.send(await counterXlsx(report));
      return;
    }
    res.json(report);
  } catch (err) {
    if (err instanceof SushiError && err.status === 202) {
      res.setHeader('Retry-After', '30');
      throw new AppError(503, 'report_queued', 'The report is being prepared: download it again in a minute');
    }
    if (err instanceof SushiError) throw new AppError(err.status === 200 ? 400 : err.status, 'counter_exception', `${err.body.Code}: ${err.body.Message}${err.body.Data ? ` (${err.body.Data})` : ''}`);
    throw err;
  }
}
