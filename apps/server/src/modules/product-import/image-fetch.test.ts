import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngPicture } from '../../../test/images';
import { fetchImage, type ImageFetchRules, isPublicAddress } from './image-fetch';

describe('fetching an image URL of the products file', () => {
  let server: Server;
  let base: string;
  let png: Buffer;
  const rules: ImageFetchRules = { maxBytes: 64 * 1024, timeoutMs: 2000, maxRedirects: 2 };
  // The tests' server is on this machine: only its own address is let through, nothing else private.
  const onlyTheTestServer: ImageFetchRules = { ...rules, allowAddress: (a) => a === '127.0.0.1' };

  beforeAll(async () => {
    png = (await pngPicture(40, 30)).data;
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/shirt.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (path === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      if (path === '/huge.png')
        return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100_000));
      if (path === '/to-metadata')
        return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      if (path === '/to-loopback')
        return res
          .writeHead(301, {
            location: `http://127.0.0.2:${(server.address() as AddressInfo).port}/shirt.png`,
          })
          .end();
      if (path === '/to-self') return res.writeHead(302, { location: '/shirt.png' }).end();
      if (path === '/slow') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('judges addresses: public ones only', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a)).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::',
      'nonsense',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses this machine by address and by name (after DNS), with the default rules', async () => {
    await expect(fetchImage(`${base}/shirt.png`, rules)).rejects.toThrow(
      'its address is not on the public internet',
    );
    const port = (server.address() as AddressInfo).port;
    await expect(fetchImage(`http://localhost:${port}/shirt.png`, rules)).rejects.toThrow(
      'its address is not on the public internet',
    );
    await expect(fetchImage(`http://[::1]:${port}/shirt.png`, rules)).rejects.toThrow(
      'not on the public internet',
    );
  });

  it('fetches an image when its address is allowed, following a redirect', async () => {
    expect((await fetchImage(`${base}/shirt.png`, onlyTheTestServer)).equals(png)).toBe(true);
    expect((await fetchImage(`${base}/to-self`, onlyTheTestServer)).equals(png)).toBe(true);
  });

  it('refuses redirects to private addresses, other schemes, other types, big files and slow servers', async () => {
    await expect(fetchImage(`${base}/to-metadata`, onlyTheTestServer)).rejects.toThrow(
      'not on the public internet',
    );
    await expect(fetchImage(`${base}/to-loopback`, onlyTheTestServer)).rejects.toThrow(
      'not on the public internet',
    );
    await expect(fetchImage('file:///etc/passwd', onlyTheTestServer)).rejects.toThrow('only http and https');
    await expect(fetchImage('ftp://example.com/a.png', onlyTheTestServer)).rejects.toThrow(
      'only http and https',
    );
    await expect(fetchImage(`${base}/page`, onlyTheTestServer)).rejects.toThrow(
      'not a JPEG, PNG, WebP, GIF or AVIF image (text/html)',
    );
    await expect(fetchImage(`${base}/huge.png`, onlyTheTestServer)).rejects.toThrow('larger than');
    await expect(fetchImage(`${base}/missing.png`, onlyTheTestServer)).rejects.toThrow(
      'the server answered 404',
    );
    await expect(fetchImage(`${base}/slow`, { ...onlyTheTestServer, timeoutMs: 300 })).rejects.toThrow(
      'took too long',
    );
  });
});
