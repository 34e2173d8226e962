import { request } from 'node:http';

/** The body of a GET as the server sends it: bytes on the wire, not decoded, and its encoding. */
export function servedBytes(
  url: string,
  acceptEncoding: string,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        if ((res.statusCode ?? 500) >= 400) reject(new Error(`${url}: HTTP ${res.statusCode}`));
        else resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The JavaScript and CSS a server-rendered page loads: its entry module, module preloads and stylesheets. */
export function pageAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"[^>]+type="module"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) scripts.add(m[1]!);
  // Linked, or inlined by the server (a <style> that names its file, which React finds it by).
  const styles = [
    ...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
    ...html.matchAll(/<style[^>]+data-href="([^"]+)"/g),
  ].map((m) => m[1]!);
  return { scripts: [...scripts], styles };
}
