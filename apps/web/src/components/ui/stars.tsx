/** A star's outline after its first point (12, 2.5), all relative: repeated along a row by moving that point. */
const STAR = 'l2.9 6 6.6.9-4.8 4.6 1.2 6.5-5.9-3.1-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z';
/** The star's left half, from the same first point. */
const HALF_STAR = 'l-2.9 6-6.6.9 4.8 4.6-1.2 6.5 5.9-3.1z';
/** One star's cell and the gap after it, in the star's own 24-unit drawing. */
const CELL = 24;
const GAP = 3;

const stars = (from: number, to: number, shape: string) =>
  Array.from(
    { length: Math.max(0, to - from) },
    (_, i) => `M${12 + (from + i) * (CELL + GAP)} 2.5${shape}`,
  ).join('');

/**
 * A rating out of 5 as the spec draws it: full stars, one half star when the fraction is 0.5 or more,
 * then empty stars. Read out as one image with a label. Drawn as one SVG of two paths (grey row, gold
 * stars over it): a listing shows dozens of these, and five nested elements per star made up half the
 * home page's DOM.
 */
export function Stars({
  rating,
  size = 16,
  className = '',
}: {
  rating: number;
  size?: number;
  className?: string;
}) {
  const value = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0));
  const full = Math.floor(value);
  const half = value - full >= 0.5;
  const label = `Rated ${Math.round(value * 10) / 10} out of 5`;
  const width = 5 * CELL + 4 * GAP;
  return (
    <span role="img" aria-label={label} title={label} className={`inline-flex items-center ${className}`}>
      <svg
        width={(size * width) / CELL}
        height={size}
        viewBox={`0 0 ${width} ${CELL}`}
        aria-hidden="true"
        focusable="false"
        className="block"
      >
        <path d={stars(0, 5, STAR)} fill="#d1d5db" />
        {full > 0 || half ? (
          <path d={stars(0, full, STAR) + (half ? stars(full, full + 1, HALF_STAR) : '')} fill="#ffad33" />
        ) : null}
      </svg>
    </span>
  );
}
