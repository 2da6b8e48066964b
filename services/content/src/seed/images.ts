import { crc32, deflateSync } from 'node:zlib';
import { escapeHtml as esc } from '@journal/server-kit';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * The one PNG writer: 8-bit RGB (`channels` 3) or RGBA (4) from `pixels`, row after row,
 * `width * channels` bytes a row.
 */
export function encodePng(width: number, height: number, channels: 3 | 4, pixels: Uint8Array): Buffer {
  const row = width * channels;
  const raw = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 3 ? 2 : 6; // RGB or RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = [number, number, number];

/**
 * A small RGB PNG: a vertical gradient between two colours with a lighter centred band, enough to
 * tell logo, header, cover and avatar apart on screen.
 */
export function makePng(width: number, height: number, top: Rgb, bottom: Rgb): Buffer {
  const px = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const f = height > 1 ? y / (height - 1) : 0;
    const band = y > height * 0.4 && y < height * 0.6;
    for (let x = 0; x < width; x++) {
      const inBand = band && x > width * 0.15 && x < width * 0.85;
      for (let i = 0; i < 3; i++) {
        const v = Math.round(top[i]! + (bottom[i]! - top[i]!) * f);
        px[(y * width + x) * 3 + i] = inBand ? Math.min(255, v + 90) : v;
      }
    }
  }
  return encodePng(width, height, 3, px);
}


/** A text logo as SVG (indexing partners). */
export function makeSvgLogo(text: string, color: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80" role="img" aria-label="${esc(text)}">` +
      `<rect width="240" height="80" rx="10" fill="#ffffff" stroke="${esc(color)}" stroke-width="4"/>` +
      `<text x="120" y="48" font-family="Arial, sans-serif" font-size="20" font-weight="bold" fill="${esc(color)}" text-anchor="middle">${esc(text)}</text></svg>`,
  );
}
