// The server-side renderer: built by Vite into dist-ssr and loaded by the server's web-app plugin.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  RendererOptions,
  RenderRequest,
  RenderResult,
  ViteManifest,
  WebRenderer,
} from '@bazaar/shared/web-renderer';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Document, type PageState } from './app/document';
import { Providers, Toasts } from './app/providers';
import { createQueryClient } from './app/query-client';
import { loadPageData, loadPages, ShopRoutes } from './app/router';
import { setApiTransport } from './lib/api-client';
import { scriptSafeJson } from './lib/page-meta';

const ENTRY_KEY = 'index.html';

// API calls made while a page renders (its loaders) go to that page's request, found through the
// async context: several pages render at once in one process.
const rendering = new AsyncLocalStorage<RenderRequest>();
setApiTransport((url, init) => {
  const request = rendering.getStore();
  if (!request) return Promise.reject(new Error(`API request outside a page render: ${url}`));
  return request.fetchApi(url, init);
});

/** The client build beside this one (apps/web/dist next to apps/web/dist-ssr). */
const clientDist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/**
 * The built stylesheets' text by URL, read once, when every one is found: a page then carries its
 * styles in its HTML (about 12 KB Brotli), and a slow phone paints without waiting a round trip for
 * the stylesheet. Without them (a layout we do not know) pages link the files as before.
 */
function readStyles(manifest: ViteManifest): Map<string, string> | undefined {
  const files = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  const texts = new Map<string, string>();
  for (const file of files) {
    const full = path.join(clientDist, file);
    if (!existsSync(full)) return undefined;
    texts.set(`/${file}`, readFileSync(full, 'utf8'));
  }
  return texts;
}

/** A chunk's file and everything it imports statically, with their styles. */
function collect(manifest: ViteManifest, key: string, files: Set<string>, styles: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const dep of chunk.imports ?? []) collect(manifest, dep, files, styles);
}

/** The stylesheets and module preloads a page needs: the entry's and those of its pages' chunks. */
function assetsFor(manifest: ViteManifest, pageChunks: string[]) {
  const files = new Set<string>();
  const styles = new Set<string>();
  collect(manifest, ENTRY_KEY, files, styles);
  const entry = manifest[ENTRY_KEY]!.file;
  for (const chunk of pageChunks) collect(manifest, chunk, files, styles);
  files.delete(entry);
  const url = (file: string) => `/${file}`;
  return { entry: url(entry), styles: [...styles].map(url), preloads: [...files].map(url) };
}

export function createRenderer(options: RendererOptions): WebRenderer {
  if (!options.manifest[ENTRY_KEY]) throw new Error('The build manifest names no entry (index.html).');
  const styleText = readStyles(options.manifest);

  async function render(request: RenderRequest): Promise<RenderResult> {
    const queryClient = createQueryClient(true);
    const url = new URL(request.url, options.origin);
    // The page's modules and what its routes load (the API answered in-process), in parallel.
    const [modules, result] = await Promise.all([loadPages(url.pathname), loadPageData(url, queryClient)]);
    if (result && 'redirect' in result) return { kind: 'redirect', status: 302, location: result.redirect };
    const status = result?.status ?? 200;
    const assets = assetsFor(
      options.manifest,
      modules.flatMap((module) => (module.__chunk ? [module.__chunk] : [])),
    );
    const state: PageState = {
      origin: options.origin,
      styles: assets.styles,
      stylesInline: styleText !== undefined,
      preloads: assets.preloads,
      queries: dehydrate(queryClient),
    };
    const stateJson = scriptSafeJson(state);

    return new Promise((resolve, reject) => {
      const stream = renderToPipeableStream(
        <Providers client={queryClient} origin={options.origin}>
          <Document state={state} stateJson={stateJson} styleText={styleText}>
            <StaticRouter location={url.pathname + url.search}>
              <ShopRoutes />
            </StaticRouter>
            <Toasts />
          </Document>
        </Providers>,
        {
          bootstrapModules: [assets.entry],
          // Never a Suspense boundary's content sent apart, however far down a long page it comes: the
          // whole page is sent at once anyway (below), and an outlined part needs an inline script.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          // The whole page before any of it is sent: no part arrives late by an inline script, so the
          // page needs no nonce and is the same for every visitor (the server caches it).
          onAllReady() {
            resolve({
              kind: 'page',
              status,
              pipe: (destination) => stream.pipe(destination),
              abort: (reason) => stream.abort(reason),
            });
          },
          onShellError: reject,
          onError: options.onError,
        },
      );
    });
  }

  return { render: (request) => rendering.run(request, () => render(request)) };
}
