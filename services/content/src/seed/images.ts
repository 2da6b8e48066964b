import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * The one PNG writer: 8-bit RGB (`channels` 3) or RGBA (4) from `pixel(x, y)`, which answers one
 * value per channel.
 */
export function encodePng(width: number, height: number, channels: 3 | 4, pixel: (x: number, y: number) => readonly number[]): Buffer {
  const stride = 1 + width * channels;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = pixel(x, y);
      for (let c = 0; c < channels; c++) raw[y * stride + 1 + x * channels + c] = px[c] ?? 0;
    }
  }
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
  return encodePng(width, height, 3, (x, y) => {
    const f = height > 1 ? y / (height - 1) : 0;
    const inBand = y > height * 0.4 && y < height * 0.6 && x > width * 0.15 && x < width * 0.85;
    return [0, 1, 2].map((i) => {
      const v = Math.round(top[i]! + (bottom[i]! - top[i]!) * f);
      return inBand ? Math.min(255, v + 90) : v;
    });
  });
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
