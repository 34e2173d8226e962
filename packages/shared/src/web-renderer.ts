/**
 * The contract between the server and the web app's server-side renderer (apps/web/src/entry-server.tsx,
 * built by Vite into apps/web/dist-ssr): the server loads the module, creates one renderer and asks it
 * for each page. Types only: neither side imports the other's code.
 */

/** Vite's build manifest (`.vite/manifest.json`): the chunk, imports and styles of every source module. */
export type ViteManifest = Record<
  string,
  {
    file: string;
    src?: string;
    isEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
  }
>;

export interface RendererOptions {
  manifest: ViteManifest;
  /** The shop's public origin (PUBLIC_URL), for canonical links. */
  origin: string;
  /** Called with what went wrong while a page rendered (the page still renders what it can). */
  onError(error: unknown): void;
}

export interface RenderRequest {
  /** Path and query of the page asked for. */
  url: string;
  /** Answers a request to the shop's API (`/api/…`) in-process, as the browser's fetch would be answered. */
  fetchApi(url: string, init: RequestInit): Promise<Response>;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /**
       * Writes the whole page into `destination`: it is ready once every part has rendered, so it
       * holds no inline script (nothing streams in late) and no nonce, and the same URL gives every
       * visitor the same bytes (the server keeps them).
       */
      pipe<T extends NodeJS.WritableStream>(destination: T): T;
      abort(reason?: unknown): void;
    };

export interface WebRenderer {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** What the renderer module exports. */
export interface RendererModule {
  createRenderer(options: RendererOptions): WebRenderer;
}
