import { errorReplySchema } from '@bazaar/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import { loadSharp } from '../../lib/image-memory';
import { contentTypeOf, type FileStorage, variantKey as storedVariantKey } from '../../lib/storage';

/** Widths the storefront asks for; a fixed list keeps the variant cache bounded. */
export const IMAGE_WIDTHS = ['160', '320', '480', '640', '960'] as const;

/** Stored files never change under a key (new uploads get new keys), so browsers may keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A key from the URL, or undefined when it could leave the uploads folder,
 * reach a hidden file (`..`, `.variants`, absolute paths, backslashes, NUL) or a private one.
 */
export function safeImageKey(raw: string): string | undefined {
  if (!raw || raw.length > 300 || /[\\\0]/.test(raw) || raw.startsWith('/')) return undefined;
  const segments = raw.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return undefined;
  // Shoppers' return photos are private: served only through the signed-in returns routes.
  if (segments[0] === 'returns') return undefined;
  return raw;
}

const variantTag = (width: string) => `w${width}`;

/** The tags of every variant a stored image may have (a bucket deletes them by name). */
export const IMAGE_VARIANT_TAGS: readonly string[] = IMAGE_WIDTHS.map(variantTag);

export const variantKey = (key: string, width: string) => storedVariantKey(key, variantTag(width));

export async function variant(storage: FileStorage, key: string, width: string): Promise<Buffer | undefined> {
  const cached = await storage.get(variantKey(key, width));
  if (cached) return cached;
  const original = await storage.get(key);
  if (!original) return undefined;
  const sharp = await loadSharp();
  const resized = await sharp(original)
    .resize({ width: Number(width), withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await storage.put(variantKey(key, width), resized);
  return resized;
}

/**
 * GET /uploads/<key>: stored images with long cache lifetimes, and resized
 * WebP variants (`?w=320`) made once with sharp and kept beside them (`.variants/`), in whichever
 * store the shop uses (a folder, or the bucket every machine shares).
 */
export async function uploadsRoutes(app: FastifyInstance) {
  const { storage } = app.deps;
  const inFlight = new Map<string, Promise<Buffer | undefined>>();

  app.withTypeProvider<ZodTypeProvider>().get(
    '/uploads/*',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A stored image, or its WebP variant at one of the allowed widths',
        params: z.object({ '*': z.string() }),
        querystring: z.object({ w: z.enum(IMAGE_WIDTHS).optional() }),
        response: {
          200: z.unknown().describe('The image bytes'),
          400: errorReplySchema,
          404: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const key = safeImageKey(request.params['*']);
      if (!key) throw badRequest('Invalid image path');
      const type = contentTypeOf(key);
      if (!type) throw notFound('Image not found');

      const width = request.query.w;
      let body: Buffer | undefined;
      if (width) {
        // Concurrent first requests for one variant share a single resize.
        const id = variantKey(key, width);
        let pending = inFlight.get(id);
        if (!pending) {
          pending = variant(storage, key, width).finally(() => inFlight.delete(id));
          inFlight.set(id, pending);
        }
        body = await pending;
      } else {
        body = await storage.get(key);
      }
      if (!body) throw notFound('Image not found');
      return reply
        .header('content-type', width ? 'image/webp' : type)
        .header('cache-control', IMMUTABLE)
        .send(body);
    },
  );
}
