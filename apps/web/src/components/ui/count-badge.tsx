/** The small red count on a header icon; hidden at zero, "99+" beyond 99. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] leading-none font-medium text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
