import type { ProductFacts } from '@bazaar/shared';
import type { GoogleGenAI } from '@google/genai';
import { type DescriptionWriter, descriptionPrompt } from './description-writer';

export interface GeminiWriterOptions {
  apiKey: string;
  model: string;
  /** Another endpoint speaking the Gemini API (a local server in tests, a proxy). */
  baseUrl?: string | undefined;
}

/** Google's Gemini through its official SDK. The key stays on the server. */
export class GeminiWriter implements DescriptionWriter {
  readonly name = 'gemini';
  // The SDK (and Google's auth library under it) is loaded on the first description asked for: held
  // from the start, it cost every process several MB for a feature an admin uses now and then.
  private client: Promise<GoogleGenAI> | undefined;

  constructor(private readonly options: GeminiWriterOptions) {}

  private sdk(): Promise<GoogleGenAI> {
    this.client ??= import('@google/genai').then(
      ({ GoogleGenAI }) =>
        new GoogleGenAI({
          apiKey: this.options.apiKey,
          // No retries: the admin is waiting, and the service stands in the offline writer on failure.
          httpOptions: {
            ...(this.options.baseUrl ? { baseUrl: this.options.baseUrl } : {}),
            retryOptions: { attempts: 1 },
          },
        }),
    );
    return this.client;
  }

  async write(facts: ProductFacts, signal: AbortSignal): Promise<string> {
    const client = await this.sdk();
    const response = await client.models.generateContent({
      model: this.options.model,
      contents: descriptionPrompt(facts),
      config: { abortSignal: signal, temperature: 0.7, maxOutputTokens: 512 },
    });
    // The spec reads the first candidate's text.
    const parts = response.candidates?.[0]?.content?.parts ?? [];
    const text = parts
      .map((part) => part.text ?? '')
      .join('')
      .trim();
    if (!text)
      throw new Error(
        `Gemini answered without text (finish reason ${response.candidates?.[0]?.finishReason ?? 'none'})`,
      );
    return text;
  }
}
