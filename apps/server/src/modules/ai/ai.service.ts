import type { ProductDescriptionReply, ProductFacts } from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type DescriptionWriter, hasPlaceholder } from '../../lib/ai/description-writer';
import { OfflineWriter } from '../../lib/ai/offline-writer';
import type { RateLimitService, WindowLimit } from '../rate-limit/index';

/** Each admin may ask this often: enough to try a few wordings, not enough to run up a bill. */
export const AI_LIMIT: WindowLimit = { requests: 10, windowMs: 60_000 };

export interface AiServiceDeps {
  log: FastifyBaseLogger;
  config: Pick<Config, 'ai'>;
  /** The writer chosen in deps.ts: Gemini with a key, the offline writer without. */
  ai: DescriptionWriter;
  /** Counts each admin's requests in the database. */
  limits: RateLimitService;
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
    await this.deps.limits.hit(
      `ai-description:${adminId}`,
      AI_LIMIT,
      `You can generate ${AI_LIMIT.requests} descriptions a minute. Please try again shortly.`,
    );
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
}
