import type { Browser, CDPSession } from 'playwright-core';

export interface ResourceBytes {
  /** Bytes on the wire (headers excluded), as the browser received them. */
  transferred: number;
  /** Bytes after decoding (what the same files weigh uncompressed). */
  decoded: number;
  count: number;
  /** How many of them arrived with a Content-Encoding. */
  compressed: number;
}

export interface PageMetrics {
  cls: number;
  lcpMs: number | undefined;
  byType: Record<string, ResourceBytes>;
}

declare global {
  interface Window {
    __benchShifts?: { value: number; time: number }[];
    __benchLcp?: number;
  }
}

/** Layout shifts and the last LCP candidate, recorded from the first byte on. */
const OBSERVE = () => {
  window.__benchShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[])
      if (!entry.hadRecentInput) window.__benchShifts!.push({ value: entry.value, time: entry.startTime });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) window.__benchLcp = last.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

/** CLS as Chromium and Lighthouse define it: the largest session window (gaps < 1 s, at most 5 s long). */
export function sessionWindowCls(shifts: { value: number; time: number }[]): number {
  let best = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.time - last > 1000 || shift.time - start > 5000) {
      current = 0;
      start = shift.time;
    }
    current += shift.value;
    last = shift.time;
    best = Math.max(best, current);
  }
  return best;
}

function recordBytes(cdp: CDPSession): () => Record<string, ResourceBytes> {
  const requests = new Map<string, { type: string; decoded: number; encoded: boolean }>();
  const byType: Record<string, ResourceBytes> = {};
  cdp.on('Network.responseReceived', (event) => {
    const encoding = Object.entries(event.response.headers).find(
      ([k]) => k.toLowerCase() === 'content-encoding',
    );
    requests.set(event.requestId, {
      type: event.type.toLowerCase(),
      decoded: 0,
      encoded: Boolean(encoding && encoding[1] !== 'identity'),
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    byType[request.type] ??= { transferred: 0, decoded: 0, count: 0, compressed: 0 };
    const row = byType[request.type]!;
    row.count += 1;
    row.decoded += request.decoded;
    if (request.encoded) row.compressed += 1;
    // encodedDataLength includes the response headers; the body alone is what compression changes.
    row.transferred += event.encodedDataLength;
  });
  return () => byType;
}

/**
 * Loads `url` in a fresh context (empty cache) at the given viewport and CPU slowdown and reports
 * its layout shift, LCP and bytes by resource type once the network has been quiet for a while.
 */
export async function measurePage(
  browser: Browser,
  url: string,
  options: { cpuSlowdown: number; viewport: { width: number; height: number } },
): Promise<PageMetrics> {
  const context = await browser.newContext({ viewport: options.viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    const bytes = recordBytes(cdp);
    await page.goto(url, { waitUntil: 'networkidle' });
    // Late shifts (images, signed-in parts, a carousel settling) count too.
    await page.waitForTimeout(1500);
    const { shifts, lcp } = await page.evaluate(() => ({
      shifts: window.__benchShifts ?? [],
      lcp: window.__benchLcp,
    }));
    return { cls: sessionWindowCls(shifts), lcpMs: lcp, byType: bytes() };
  } finally {
    await context.close();
  }
}
