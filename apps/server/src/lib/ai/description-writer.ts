import type { AiWriterName, ProductFacts } from '@bazaar/shared';

/** Writes a product description from the product's own facts: Gemini, or the offline writer. */
export interface DescriptionWriter {
  readonly name: AiWriterName;
  /** The description text; rejects when the writer fails or `signal` aborts. */
  write(facts: ProductFacts, signal: AbortSignal): Promise<string>;
}

/** The facts as labelled lines, leaving out what the admin has not filled in. */
export function factLines(facts: ProductFacts): string[] {
  const lines: [string, string | undefined][] = [
    ['Product name', facts.name],
    ['Brand', facts.brand],
    ['Category', [facts.category, facts.subCategory].filter(Boolean).join(' / ') || undefined],
    ['Material', facts.material],
    ['Colours', facts.colours?.join(', ')],
    ['Sizes', facts.sizes?.join(', ')],
    ['Made in', facts.madeIn],
    ['Sold by', facts.seller],
    ['Keywords', facts.tags?.join(', ')],
    ['Notes from the shop', facts.features],
  ];
  return lines.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
}

/**
 * The spec's prompt (professional, engaging, no placeholders), held to the
 * facts given so the model does not invent specifications.
 */
export function descriptionPrompt(facts: ProductFacts): string {
  return [
    'Write a professional, engaging product description for an online shop in India.',
    'Use only the facts below; do not invent specifications, prices, offers or claims.',
    'Do not use placeholders, brackets or template fields of any kind: every sentence must be ready to publish.',
    'Write two short paragraphs of plain text (no headings, lists, markdown or emoji), at most 120 words.',
    '',
    ...factLines(facts),
  ].join('\n');
}

/** A placeholder the prompt forbade ("[Brand]", "{size}", "<insert …>", "XX"): such a text is not published. */
export function hasPlaceholder(text: string): boolean {
  return /\[[^\]]*\]|\{[^}]*\}|<[^>]*>|\bX{2,}\b|\binsert\b/i.test(text);
}
