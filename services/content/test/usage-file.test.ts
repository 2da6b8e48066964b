import { appendFileSync, mkdtempSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UsageFileTail } from '../src/stats/usage-file';

describe('the usage log file, read from where the last reader stopped', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'jp-usage-file-'));
    file = path.join(dir, 'usage.log');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('waits for the file, then reads each complete line once; a line still being written waits', () => {
    const tail = new UsageFileTail(file);
    expect(tail.read()).toEqual([]);
    writeFileSync(file, '{"a":1}\n{"a":2}\n{"a":');
    expect(tail.read()).toEqual(['{"a":1}', '{"a":2}']);
    expect(tail.read()).toEqual([]);
    appendFileSync(file, '3}\n');
    expect(tail.read()).toEqual(['{"a":3}']);
    tail.close();
  });

  it('keeps its position beside the file: a restart neither repeats nor skips a line', () => {
    writeFileSync(file, 'one\ntwo\n');
    const first = new UsageFileTail(file);
    expect(first.read()).toEqual(['one', 'two']);
    first.close();
    // Written while no reader ran.
    appendFileSync(file, 'three\n');
    const second = new UsageFileTail(file);
    expect(second.read()).toEqual(['three']);
    second.close();
    expect(JSON.parse(readFileSync(`${file}.pos`, 'utf8'))).toEqual(expect.objectContaining({ offset: 'one\ntwo\nthree\n'.length }));
  });

  it('reads what is left of a rotated file, keeps reading it for a while, then follows the new one', () => {
    const tail = new UsageFileTail(file, { maxReadBytes: 1 << 20, retireMs: 5000 });
    writeFileSync(file, 'a\n');
    expect(tail.read(0)).toEqual(['a']);
    appendFileSync(file, 'b\n');
    renameSync(file, `${file}.1`);
    writeFileSync(file, 'c\n');
    expect(tail.read(1000)).toEqual(['b', 'c']);
    // An nginx worker that had not reopened yet flushes into the old file.
    appendFileSync(`${file}.1`, 'late\n');
    appendFileSync(file, 'd\n');
    expect(tail.read(2000)).toEqual(['late', 'd']);
    appendFileSync(`${file}.1`, 'too late\n');
    expect(tail.read(7000)).toEqual(['too late']);
    appendFileSync(`${file}.1`, 'never\n');
    expect(tail.read(8000)).toEqual([]);
    tail.close();
  });

  it('starts a truncated file from the top, and a stale position of another file too', () => {
    writeFileSync(file, 'x\ny\n');
    const tail = new UsageFileTail(file);
    expect(tail.read()).toEqual(['x', 'y']);
    truncateSync(file, 0);
    appendFileSync(file, 'z\n');
    expect(tail.read()).toEqual(['z']);
    tail.close();
    writeFileSync(`${file}.pos`, JSON.stringify({ ino: 1, offset: 999 }));
    const again = new UsageFileTail(file);
    expect(again.read()).toEqual(['z']);
    again.close();
  });
});
