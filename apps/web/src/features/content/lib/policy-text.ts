/**
 * Admin-written policy text as paragraphs: blank lines separate them; single
 * line breaks stay inside. Each carries its position, a stable React key even
 * when two paragraphs read the same.
 */
export function policyParagraphs(text: string | null | undefined): { key: number; text: string }[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph, key) => ({ key, text: paragraph }));
}
