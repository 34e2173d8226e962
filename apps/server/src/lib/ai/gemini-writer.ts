import type { ProductFacts } from '@bazaar/shared';
import { GoogleGenAI } from '@google/genai';
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
  private readonly client: GoogleGenAI;

  constructor(private readonly options: GeminiWriterOptions) {
    this.client = new GoogleGenAI({
      apiKey: options.apiKey,
      // No retries: the admin is waiting, and the service stands in the offline writer on failure.
      httpOptions: {
        ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
        retryOptions: { attempts: 1 },
      },
    });
  }

  async write(facts: ProductFacts, signal: AbortSignal): Promise<string> {
    const response = await this.client.models.generateContent({
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
