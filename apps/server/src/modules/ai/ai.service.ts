import type { ProductDescriptionReply, ProductFacts } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type DescriptionWriter, hasPlaceholder } from '../../lib/ai/description-writer';
import { OfflineWriter } from '../../lib/ai/offline-writer';
import type { Clock } from '../../lib/clock';
import { tooManyRequests } from '../../lib/errors';
import { countHit, deleteHitsBefore } from './rate-limit.repo';

/** Each admin may ask this often: enough to try a few wordings, not enough to run up a bill. */
export const AI_LIMIT = { requests: 10, windowMs: 60_000 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AiServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  config: Pick<Config, 'ai'>;
  /** The writer chosen in deps.ts: Gemini with a key, the offline writer without. */
  ai: DescriptionWriter;
}

/**
 * The "Generate with AI" helper. The configured writer has GEMINI_TIMEOUT_MS to
 * answer; when it fails, times out or answers with placeholders, the offline
 * writer stands in and the reply says so. Requests are counted per admin in
 * the database, so the limit holds across server processes.
 */
export class AiService {
  private readonly offline = new OfflineWriter();

  constructor(private readonly deps: AiServiceDeps) {}

  async describeProduct(adminId: string, facts: ProductFacts): Promise<ProductDescriptionReply> {
    await this.countRequest(adminId);
    const { ai, log, config } = this.deps;
    if (ai.name === 'offline') {
      return {
        description: await ai.write(facts, AbortSignal.timeout(config.ai.timeoutMs)),
        writer: 'offline',
        notice: null,
      };
    }
    const signal = AbortSignal.timeout(config.ai.timeoutMs);
    let notice: string;
    try {
      const text = await ai.write(facts, signal);
      if (!hasPlaceholder(text)) return { description: text, writer: ai.name, notice: null };
      log.warn({ writer: ai.name }, 'AI description had placeholders; the offline writer stood in');
      notice =
        'The AI answer had blanks to fill in, so this description was composed from the product details instead.';
    } catch (err) {
      log.warn({ err, writer: ai.name }, 'AI description failed; the offline writer stood in');
      notice = signal.aborted
        ? 'The AI service did not answer in time, so this description was composed from the product details.'
        : 'The AI service could not write a description just now, so this one was composed from the product details.';
    }
    return { description: await this.offline.write(facts), writer: 'offline', notice };
  }

  private async countRequest(adminId: string): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const windowStart = Math.floor(now / AI_LIMIT.windowMs) * AI_LIMIT.windowMs;
    const hits = await countHit(this.deps.db, `ai-description:${adminId}`, new Date(windowStart));
    // The first hit of a window tidies old windows away.
    if (hits === 1) await deleteHitsBefore(this.deps.db, new Date(now - DAY_MS));
    if (hits > AI_LIMIT.requests) {
      throw tooManyRequests(
        `You can generate ${AI_LIMIT.requests} descriptions a minute. Please try again shortly.`,
        (windowStart + AI_LIMIT.windowMs - now) / 1000,
      );
    }
  }
}
