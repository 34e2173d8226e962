/** The spec's confirmations ('Are you sure you want to …?'): the browser's own dialog, which every assistive technology knows. */
export function confirmAction(question: string): boolean {
  return window.confirm(question);
}
