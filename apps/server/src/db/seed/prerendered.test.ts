import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productImages } from './images';
import { DemoPictures, prerenderDemoImages } from './prerendered';
import { DEMO_PRODUCTS } from './products';

const isWebp = (data: Buffer) =>
  data.subarray(0, 4).toString('ascii') === 'RIFF' && data.subarray(8, 12).toString('ascii') === 'WEBP';

describe("the demo's pictures rendered by the build", () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bazaar-pictures-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));
  const [image] = DEMO_PRODUCTS.flatMap(productImages);
  if (!image) throw new Error('the demo has no pictures');

  it('are used for the drawing they were made from, and a changed drawing is rendered afresh', async () => {
    await prerenderDemoImages(outDir, [image], 1);
    const built = path.join(outDir, 'demo-images', image.key);
    // Marked, to tell the build's file from a rendering made now.
    writeFileSync(built, 'the build rendered this');
    const pictures = new DemoPictures(path.join(outDir, 'demo-images'));
    expect((await pictures.bytes(image)).toString()).toBe('the build rendered this');

    const redrawn = { key: image.key, svg: () => image.svg().replace('</svg>', '<circle r="1"/></svg>') };
    expect(isWebp(await pictures.bytes(redrawn))).toBe(true);
  });

  it('are rendered afresh when the build made none', async () => {
    const pictures = new DemoPictures(path.join(outDir, 'nothing-here'));
    expect(isWebp(await pictures.bytes(image))).toBe(true);
  });
});
