import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A message the server took, as Meta would hold it. */
export interface TakenMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
  /** What the sender passed as biz_opaque_callback_data (the outbox id). */
  opaque: string | undefined;
}

export interface WhatsAppRequest {
  method: string;
  url: string;
  /** The bearer token sent, or undefined without one. */
  token: string | undefined;
  body: Record<string, unknown>;
}

/** What the next send calls meet, queued by the test. */
type Trouble =
  /** An error answer with this HTTP status and Graph error code. */
  | { kind: 'error'; status: number; code: number; message: string; retryAfter?: string }
  /** The message is taken, and the connection then hangs without an answer. */
  | { kind: 'take-and-hang' };

interface Template {
  language: string;
  /** How many {{n}} the body holds. */
  parameters: number;
}

const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;
const trace = () => randomBytes(9).toString('base64url');

/**
 * A local HTTP server that answers like Meta's WhatsApp Cloud API (POST /{version}/{phone-number-id}/
 * messages with a bearer token; template messages checked against the templates the shop
 * "registered"; Graph's error bodies for a bad token, a bad number, an unknown template, a wrong
 * parameter count, throughput limits and server errors), so the real adapter runs end to end against
 * it. It can also hang after taking a message (the answer lost), stop listening (unreachable) and
 * build the status webhooks Meta sends, signed with the app secret as Meta signs them.
 */
export async function startWhatsAppServer(options: {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  apiVersion?: string;
  templates: Record<string, Template>;
}) {
  const version = options.apiVersion ?? 'v23.0';
  const requests: WhatsAppRequest[] = [];
  const taken: TakenMessage[] = [];
  const troubles: Trouble[] = [];
  const sockets = new Set<Socket>();
  /** How long each send waits before it is handled: several senders then overlap. */
  let latencyMs = 0;

  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return { unparsable: text };
    }
  };
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.end(JSON.stringify(body));
  };
  const graphError = (
    res: ServerResponse,
    status: number,
    code: number,
    message: string,
    details: string,
    headers?: Record<string, string>,
  ) =>
    send(
      res,
      status,
      {
        error: {
          message: `(#${code}) ${message}`,
          type: 'OAuthException',
          code,
          error_data: { messaging_product: 'whatsapp', details },
          fbtrace_id: trace(),
        },
      },
      headers,
    );

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await read(req);
    const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    const url = req.url ?? '';
    requests.push({ method: req.method ?? '', url, token, body });
    if (token !== options.accessToken) {
      return send(res, 401, {
        error: {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: trace(),
        },
      });
    }
    const route = url.match(/^\/(v\d+\.\d+)\/([^/?]+)\/messages$/);
    if (req.method !== 'POST' || !route || route[1] !== version) {
      return graphError(res, 400, 100, 'Unsupported request', `Unknown path components: ${url}`);
    }
    if (route[2] !== options.phoneNumberId) {
      return graphError(
        res,
        400,
        100,
        'Invalid parameter',
        `Unsupported post request. Object with ID '${route[2]}' does not exist`,
      );
    }
    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
    const trouble = troubles.shift();
    if (trouble?.kind === 'error') {
      return graphError(
        res,
        trouble.status,
        trouble.code,
        trouble.message,
        trouble.message,
        trouble.retryAfter ? { 'retry-after': trouble.retryAfter } : {},
      );
    }
    if (body.messaging_product !== 'whatsapp') {
      return graphError(res, 400, 100, 'Invalid parameter', 'messaging_product must be whatsapp');
    }
    const to = typeof body.to === 'string' ? body.to : '';
    if (!/^\d{8,15}$/.test(to)) {
      return graphError(
        res,
        400,
        131009,
        'Parameter value is not valid',
        'Recipient phone number is not valid',
      );
    }
    const template = body.template as
      | {
          name?: string;
          language?: { code?: string };
          components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
        }
      | undefined;
    if (body.type !== 'template' || !template?.name) {
      return graphError(
        res,
        400,
        131047,
        'Re-engagement message',
        'More than 24 hours have passed since the customer last replied',
      );
    }
    const registered = options.templates[template.name];
    if (!registered || registered.language !== template.language?.code) {
      return graphError(
        res,
        404,
        132001,
        'Template name does not exist in the translation',
        `template name (${template.name}) does not exist in ${template.language?.code ?? '?'}`,
      );
    }
    const parameters = (template.components ?? [])
      .filter((c) => c.type === 'body')
      .flatMap((c) => c.parameters ?? [])
      .map((p) => p.text ?? '');
    if (parameters.length !== registered.parameters) {
      return graphError(
        res,
        400,
        132000,
        'Number of parameters does not match the expected number of params',
        `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${registered.parameters})`,
      );
    }
    if (parameters.some((p) => p === '' || /[\n\t]| {4}/.test(p))) {
      return graphError(
        res,
        400,
        132018,
        'There was an issue with the parameters in your template',
        'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
      );
    }
    const message: TakenMessage = {
      id: wamid(),
      to,
      template: template.name,
      language: template.language?.code ?? '',
      parameters,
      opaque: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : undefined,
    };
    taken.push(message);
    if (trouble?.kind === 'take-and-hang') return; // taken, and the answer never comes
    return send(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: message.id, message_status: 'accepted' }],
    });
  };

  const server = createServer((req, res) => {
    handler(req, res).catch((err) => send(res, 500, { error: { message: String(err), code: 1 } }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const closeListener = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  /** The webhook body Meta sends about messages, with its signature header, as `fetch`/`inject()` parts. */
  const statusWebhook = (
    reports: {
      message: TakenMessage;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      error?: { code: number; title: string };
    }[],
    secret = options.appSecret,
  ) => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: options.phoneNumberId },
                statuses: reports.map(({ message, status, error }) => ({
                  id: message.id,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: message.to,
                  ...(message.opaque ? { biz_opaque_callback_data: message.opaque } : {}),
                  ...(status === 'failed'
                    ? {
                        errors: [
                          {
                            code: error?.code ?? 131026,
                            title: error?.title ?? 'Message undeliverable',
                            message: error?.title ?? 'Message undeliverable',
                            error_data: { details: error?.title ?? 'Message Undeliverable.' },
                          },
                        ],
                      }
                    : {
                        conversation: { id: 'c0ffee', origin: { type: 'utility' } },
                        pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
                      }),
                })),
              },
            },
          ],
        },
      ],
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      },
    };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Every message taken, oldest first. */
    taken,
    /** The next `count` send calls answer this Graph error (a 5xx outage, a throughput limit, a refusal). */
    failNext(error: { status: number; code: number; message: string; retryAfter?: string }, count = 1) {
      for (let i = 0; i < count; i++) troubles.push({ kind: 'error', ...error });
    },
    /** Every send from now on waits `ms` before it is handled. */
    setLatency(ms: number) {
      latencyMs = ms;
    },
    /** The next send is taken, and then the connection hangs: the sender never learns it went. */
    takeAndHangNext() {
      troubles.push({ kind: 'take-and-hang' });
    },
    /** Stops listening (connections refused) until `resume()`. */
    stopListening: closeListener,
    /** Listens again on the same port. */
    resume: () => listen(port),
    statusWebhook,
    close: closeListener,
  };
}

export type WhatsAppServer = Awaited<ReturnType<typeof startWhatsAppServer>>;
