/**
 * A rating out of 5 as the spec draws it: full stars, one half star when the
 * fraction is 0.5 or more, then empty stars. Read out as one image with a label.
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
  const half = value - full >= 0.5 ? 1 : 0;
  const kinds = [
    ...Array<'full'>(full).fill('full'),
    ...Array<'half'>(half).fill('half'),
    ...Array<'empty'>(5 - full - half).fill('empty'),
  ];
  const label = `Rated ${Math.round(value * 10) / 10} out of 5`;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`inline-flex items-center gap-0.5 ${className}`}
    >
      {kinds.map((kind, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed positions
        <Star key={i} kind={kind} size={size} />
      ))}
    </span>
  );
}

const STAR_PATH = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9L12 2.5z';

function Star({ kind, size }: { kind: 'full' | 'half' | 'empty'; size: number }) {
  return (
    <span className="relative inline-block shrink-0" style={{ width: size, height: size }}>
      <StarShape size={size} fill="#d1d5db" />
      {kind === 'empty' ? null : (
        <span
          className="absolute inset-y-0 left-0 overflow-hidden"
          style={{ width: kind === 'half' ? size / 2 : size }}
        >
          <StarShape size={size} fill="#ffad33" />
        </span>
      )}
    </span>
  );
}

function StarShape({ size, fill }: { size: number; fill: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="block"
    >
      <path d={STAR_PATH} fill={fill} />
    </svg>
  );
}
