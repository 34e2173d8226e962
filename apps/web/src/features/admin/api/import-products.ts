import type { ImportEvent, ImportSummary } from '@bazaar/shared/schemas/product-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** A file the server accepted but did not import (an image could not be used): its lines and why. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly problems: { line: number; message: string }[],
  ) {
    super(message);
    this.name = 'ImportRefused';
  }
}

export interface ProductImport {
  file: File;
  /** Each progress line as it arrives. */
  onProgress?: (event: Extract<ImportEvent, { type: 'progress' }>) => void;
}

/**
 * POST /api/admin/products/import (multipart: `file`). A file with bad lines is refused whole (400,
 * `fields`: "line 7" → why); an accepted one streams progress lines (NDJSON), then its outcome.
 */
export async function importProducts({ file, onProgress }: ProductImport): Promise<ImportSummary> {
  const form = new FormData();
  form.append('file', file);
  const response = await api<Response>('/admin/products/import', {
    method: 'POST',
    body: form,
    as: 'response',
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: ImportEvent | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    const lines = buffered.split('\n');
    buffered = done ? '' : lines.pop()!;
    for (const line of lines) {
      if (!line.trim()) continue;
      const event = JSON.parse(line) as ImportEvent;
      if (event.type === 'progress') onProgress?.(event);
      else last = event;
    }
    if (done) break;
  }
  if (last?.type === 'done') return last;
  if (last?.type === 'refused') throw new ImportRefused(last.message, last.problems);
  throw new ApiError(0, 'The import was cut off; check the products before importing again.', 'NETWORK');
}

export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminKeys.products });
      void client.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
