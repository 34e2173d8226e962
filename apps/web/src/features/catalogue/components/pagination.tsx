/** Page numbers around the current one, with the first and last always shown. */
function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

/** Numbered pages of a server-paged listing. */
export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const base = 'flex h-10 min-w-10 items-center justify-center rounded border px-3 text-sm';
  return (
    <nav aria-label="Pages" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            className={`${base} border-gray-300 disabled:opacity-40`}
          >
            Previous
          </button>
        </li>
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-600">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => onPage(p)}
                className={`${base} ${p === page ? 'border-brand bg-brand text-white' : 'border-gray-300 hover:border-black'}`}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            className={`${base} border-gray-300 disabled:opacity-40`}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
