import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

type Rgb = [number, number, number];

/**
 * A small RGB PNG: a vertical gradient between two colours with a lighter centred band, enough to
 * tell logo, header, cover and avatar apart on screen.
 */
export function makePng(width: number, height: number, top: Rgb, bottom: Rgb): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const f = height > 1 ? y / (height - 1) : 0;
    const band = y > height * 0.4 && y < height * 0.6;
    for (let x = 0; x < width; x++) {
      const inBand = band && x > width * 0.15 && x < width * 0.85;
      for (let i = 0; i < 3; i++) {
        const v = Math.round(top[i]! + (bottom[i]! - top[i]!) * f);
        row[1 + x * 3 + i] = inBand ? Math.min(255, v + 90) : v;
      }
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A text logo as SVG (indexing partners). */
export function makeSvgLogo(text: string, color: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80" role="img" aria-label="${esc(text)}">` +
      `<rect width="240" height="80" rx="10" fill="#ffffff" stroke="${esc(color)}" stroke-width="4"/>` +
      `<text x="120" y="48" font-family="Arial, sans-serif" font-size="20" font-weight="bold" fill="${esc(color)}" text-anchor="middle">${esc(text)}</text></svg>`,
  );
}
