/** Hands CSV text to the browser as a download. */
export function downloadCsv(csv: string, fileName: string): void {
  // Reading the reply as text dropped its byte order mark; spreadsheets need it to read UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
