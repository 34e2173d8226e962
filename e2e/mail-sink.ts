import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';
import { freePort } from './harness';

/**
 * A real local SMTP server for the end-to-end run: the shop sends its mail here
 * over SMTP and each message lands as a file the tests can read.
 */
export async function startMailSink(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        seq += 1;
        writeFileSync(
          path.join(dir, `${Date.now()}-${seq}.eml`),
          `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks)}`,
        );
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft breaks and escapes, enough to read links out of a message. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The newest message sent to `to` (with `subject`, when given: the shop also sends notices), waiting up
 * to `timeoutMs`, decoded as text.
 */
export async function latestMailTo(
  dir: string,
  to: string,
  { subject, timeoutMs = 10_000 }: { subject?: string; timeoutMs?: number } = {},
): Promise<string> {
  const newest = () => {
    for (const file of readdirSync(dir).sort().reverse()) {
      const raw = readFileSync(path.join(dir, file), 'utf8');
      if (!raw.split('\r\n', 1)[0]?.toLowerCase().includes(to.toLowerCase())) continue;
      const text = decodeQuotedPrintable(raw);
      if (subject === undefined || text.includes(`Subject: ${subject}`)) return text;
    }
    throw new Error(
      `No mail to ${to}${subject ? ` with subject ${subject}` : ''} arrived within ${timeoutMs} ms`,
    );
  };
  return vi.waitFor(newest, { timeout: timeoutMs });
}
