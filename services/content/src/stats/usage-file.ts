import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';

/** Where reading stopped: the file (by inode) and the offset of the first line not yet handed on. */
interface Position {
  ino: number;
  offset: number;
}

interface Open extends Position {
  fd: number;
}

/**
 * The usage log as a file nginx appends to (whole lines, from a buffer flushed every second), read
 * from where the last reader stopped. The position is kept beside the file (`<file>.pos`), so a
 * restart neither counts a line twice nor skips what nginx wrote while the service was down. A
 * file replaced under the same name (rotated: renamed, then nginx told to reopen) is read to its
 * end for a few seconds more, since an nginx worker may still flush its buffer into it.
 */
export class UsageFileTail {
  private cur: Open | null = null;
  private old: (Open & { until: number }) | null = null;
  private saved = '';

  constructor(
    private readonly file: string,
    private readonly opts: { maxReadBytes: number; retireMs: number } = { maxReadBytes: 4 << 20, retireMs: 5000 },
  ) {}

  /** The complete lines appended since the last call. */
  read(now = Date.now()): string[] {
    const lines: string[] = [];
    if (this.old) {
      this.drain(this.old, lines);
      if (now >= this.old.until) {
        closeSync(this.old.fd);
        this.old = null;
      }
    }
    const ino = this.inoAtPath();
    if (!this.cur) {
      if (ino === null) return lines;
      this.cur = this.open(this.storedPosition());
    }
    this.drain(this.cur, lines);
    if (ino !== null && ino !== this.cur.ino) {
      if (this.old) closeSync(this.old.fd);
      this.old = { ...this.cur, until: now + this.opts.retireMs };
      this.cur = this.open(null);
      this.drain(this.cur, lines);
    }
    this.keepPosition();
    return lines;
  }

  close(): void {
    for (const f of [this.cur, this.old]) if (f) closeSync(f.fd);
    this.cur = this.old = null;
  }

  private inoAtPath(): number | null {
    try {
      return statSync(this.file).ino;
    } catch {
      return null;
    }
  }

  private open(at: Position | null): Open {
    const fd = openSync(this.file, 'r');
    const { ino, size } = fstatSync(fd);
    // A position from another file, or past this one's end (truncated), starts it from the top.
    const offset = at && at.ino === ino && at.offset <= size ? at.offset : 0;
    return { fd, ino, offset };
  }

  /** Appends the complete lines from `f`'s offset to its end; a line still being written waits. */
  private drain(f: Open, out: string[]): void {
    const size = fstatSync(f.fd).size;
    if (size < f.offset) f.offset = 0;
    while (f.offset < size) {
      const buf = Buffer.allocUnsafe(Math.min(size - f.offset, this.opts.maxReadBytes));
      const n = readSync(f.fd, buf, 0, buf.length, f.offset);
      const end = buf.lastIndexOf(10, n - 1);
      if (end < 0) {
        // No line end in a whole read: not nginx's; skip it rather than stall on it.
        if (n === this.opts.maxReadBytes) f.offset += n;
        return;
      }
      for (const line of buf.toString('utf8', 0, end).split('\n')) if (line) out.push(line);
      f.offset += end + 1;
      if (n < buf.length) return;
    }
  }

  private storedPosition(): Position | null {
    try {
      const p = JSON.parse(readFileSync(`${this.file}.pos`, 'utf8')) as Partial<Position>;
      return Number.isSafeInteger(p.ino) && Number.isSafeInteger(p.offset) ? (p as Position) : null;
    } catch {
      return null;
    }
  }

  private keepPosition(): void {
    if (!this.cur) return;
    const at = `${this.cur.ino}:${this.cur.offset}`;
    if (at === this.saved) return;
    const tmp = `${this.file}.pos.tmp`;
    writeFileSync(tmp, JSON.stringify({ ino: this.cur.ino, offset: this.cur.offset }));
    renameSync(tmp, `${this.file}.pos`);
    this.saved = at;
  }
}
