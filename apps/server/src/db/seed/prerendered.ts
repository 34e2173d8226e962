import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildOutput } from '../../lib/build-output';
import { mapLimit, RENDER_SETTINGS, renderSvg, type SeedImage } from './images';

/**
 * The demo's pictures, rendered once by `npm run build` (apps/server/dist/demo-images) rather than
 * by every first start (110 pictures cost about a second of CPU). Each carries the hash of the
 * drawing it was made from, so a picture whose drawing changed since the build is rendered afresh.
 */

const FOLDER = 'demo-images';
const MANIFEST = 'manifest.json';

function drawingHash(svg: string): string {
  return createHash('sha256').update(RENDER_SETTINGS).update('\0').update(svg).digest('base64url');
}

/** Renders `images` into `<outDir>/demo-images`, replacing what an earlier build left there. */
export async function prerenderDemoImages(outDir: string, images: SeedImage[], concurrency: number) {
  const folder = path.join(outDir, FOLDER);
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const manifest: Record<string, string> = {};
  await mapLimit(images, concurrency, async (image) => {
    const svg = image.svg();
    const file = path.join(partial, image.key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await renderSvg(svg));
    manifest[image.key] = drawingHash(svg);
  });
  writeFileSync(path.join(partial, MANIFEST), JSON.stringify(manifest));
  rmSync(folder, { recursive: true, force: true });
  renameSync(partial, folder);
}

/** The demo pictures' bytes: the build's rendering of the very same drawing, or a rendering made now. */
export class DemoPictures {
  private readonly manifest: Record<string, string>;

  constructor(private readonly folder = buildOutput(FOLDER)) {
    try {
      this.manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8'));
    } catch {
      this.manifest = {};
    }
  }

  async bytes(image: SeedImage): Promise<Buffer> {
    const svg = image.svg();
    if (this.manifest[image.key] === drawingHash(svg)) {
      const built = await readFile(path.join(this.folder, image.key)).catch(() => undefined);
      if (built) return built;
    }
    return renderSvg(svg);
  }
}
