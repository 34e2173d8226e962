export interface FilePart {
  data: Buffer;
  filename: string;
  type: string;
}

/** A multipart/form-data body for `app.inject`, encoded by the platform's own FormData. */
export function multipartBody(
  parts: Record<string, string | FilePart>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  return multipartEntries(Object.entries(parts));
}

/** As multipartBody, for forms that repeat a name (`tags[]`, several `productImages`). */
export async function multipartEntries(
  entries: readonly (readonly [name: string, value: string | FilePart])[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], { type: value.type }), value.filename);
  }
  const request = new Request('http://multipart.local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
