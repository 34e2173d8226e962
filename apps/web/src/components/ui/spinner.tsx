/** A small spinning ring in the accent colour; pass a label when it stands alone. */
export function Spinner({
  size = 20,
  label,
  className = '',
}: {
  size?: number;
  label?: string;
  className?: string;
}) {
  return (
    <span role={label ? 'status' : undefined} className={`inline-flex items-center ${className}`}>
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className={`animate-spin rounded-full border-gray-200 border-t-brand ${size >= 32 ? 'border-4' : 'border-2'}`}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
