/** What a response stream offers a body parser. */
interface Chunks {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

/**
 * A supertest body parser that keeps the bytes as they came (`res.body` a Buffer), for PDFs, zips
 * and ranges: `.buffer(true).parse(rawBody)`.
 */
export function rawBody(res: Chunks, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
