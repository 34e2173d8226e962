import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeminiRequest {
  method: string;
  url: string;
  apiKey: string | undefined;
  body: { contents?: { parts?: { text?: string }[] }[]; generationConfig?: Record<string, unknown> };
}

export type GeminiBehaviour =
  | { kind: 'answer'; text: string }
  | { kind: 'fail'; status: number }
  | { kind: 'hang' };

/**
 * A local HTTP server that answers like Gemini's generateContent endpoint
 * (`POST /v1/models/{model}:generateContent`, or v1beta), so the real SDK adapter
 * runs end to end: it can answer, fail with an error status, or never answer.
 */
export async function startGeminiServer() {
  const requests: GeminiRequest[] = [];
  let behaviour: GeminiBehaviour = { kind: 'answer', text: 'A fine product.' };
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer(async (req, res) => {
    const text = await read(req);
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      apiKey: req.headers['x-goog-api-key'] as string | undefined,
      body: text ? JSON.parse(text) : {},
    });
    const current = behaviour;
    if (current.kind === 'hang') return; // never answers; the client must give up
    res.setHeader('content-type', 'application/json');
    if (current.kind === 'fail') {
      res.statusCode = current.status;
      res.end(
        JSON.stringify({ error: { code: current.status, message: 'Internal error', status: 'INTERNAL' } }),
      );
      return;
    }
    res.end(
      JSON.stringify({
        candidates: [
          { content: { role: 'model', parts: [{ text: current.text }] }, finishReason: 'STOP', index: 0 },
          { content: { role: 'model', parts: [{ text: 'The second candidate, never read.' }] }, index: 1 },
        ],
        usageMetadata: { promptTokenCount: 80, candidatesTokenCount: 60, totalTokenCount: 140 },
        modelVersion: 'gemini-1.5-pro',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    behave(next: GeminiBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
