import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { DATA_BUDGET, HOVER_DELAY_MS, installPrefetch } from './prefetch';
import type { ShopRoute } from './router';

const queryClient = new QueryClient();
const Nothing = () => null;

/** A route table like the shop's: lazy pages whose loaders start their queries. */
function table() {
  const loads: string[] = [];
  const code: string[] = [];
  const page = (name: string) =>
    lazyPage(async () => {
      code.push(name);
      return {
        Page: Nothing,
        loader: async ({ params }: { params: Readonly<Record<string, string | undefined>> }) => {
          loads.push(`${name}:${params.productId ?? ''}`);
          return undefined;
        },
      };
    }, 'Page');
  const routes: ShopRoute[] = [
    {
      path: '/',
      children: [
        { path: 'product/:productId', page: page('product') },
        { path: 'products', page: page('listing') },
        { path: 'faq', page: page('faq') },
      ],
    },
  ];
  return { routes, loads, code };
}

const flush = () => vi.advanceTimersByTimeAsync(1);

function link(href: string, text = href): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  document.body.append(a);
  return a;
}

const hover = (a: Element) =>
  a.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
const leave = (a: Element) =>
  a.dispatchEvent(
    new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse', relatedTarget: document.body }),
  );

describe('prefetching links', () => {
  let undo: () => void = () => {};
  let navigated: () => void = () => {};
  const subscribe = (listener: () => void) => {
    navigated = listener;
    return () => {};
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    document.body.innerHTML = '';
  });
  afterEach(() => {
    undo();
    vi.useRealTimers();
  });

  it('loads the code and the data of a link the pointer rests on, once', async () => {
    const { routes, loads, code } = table();
    undo = installPrefetch({ routes, queryClient, subscribe });
    const a = link('/product/p1');
    hover(a);
    await vi.advanceTimersByTimeAsync(HOVER_DELAY_MS - 10);
    expect(loads).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    await flush();
    expect(code).toContain('product');
    expect(loads).toEqual(['product:p1']);
    hover(a);
    await vi.advanceTimersByTimeAsync(HOVER_DELAY_MS * 2);
    expect(loads).toEqual(['product:p1']);
  });

  it('does nothing when the pointer only passes over, or for other origins and the admin', async () => {
    const { routes, loads } = table();
    undo = installPrefetch({ routes, queryClient, subscribe });
    const passing = link('/product/p2');
    hover(passing);
    leave(passing);
    for (const href of ['https://elsewhere.example/product/p3', '/admin/products', '/api/products'])
      hover(link(href));
    await vi.advanceTimersByTimeAsync(HOVER_DELAY_MS * 3);
    await flush();
    expect(loads).toEqual([]);
  });

  it('prefetches at once on touch and focus, within the data budget of a page, which a navigation renews', async () => {
    const { routes, loads } = table();
    undo = installPrefetch({ routes, queryClient, subscribe });
    for (let i = 0; i < DATA_BUDGET + 5; i++)
      link(`/product/t${i}`).dispatchEvent(new Event('touchstart', { bubbles: true }));
    await flush();
    expect(loads).toHaveLength(DATA_BUDGET);
    navigated();
    link('/product/after').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await flush();
    expect(loads.at(-1)).toBe('product:after');
  });

  it('fetches nothing when the shopper saves data', async () => {
    const { routes, loads, code } = table();
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      undo = installPrefetch({ routes, queryClient, subscribe });
      link('/products').dispatchEvent(new Event('touchstart', { bubbles: true }));
      await flush();
      expect(loads).toEqual([]);
      expect(code).toEqual([]);
    } finally {
      Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
    }
  });
});
