import { useCountdown } from '../hooks/use-countdown';

const pad = (n: number | undefined) => (n === undefined ? '--' : String(n).padStart(2, '0'));

/** Days, hours, minutes and seconds to the deadline; screen readers get one summary, not a ticking clock. */
export function Countdown({ deadline }: { deadline: Date }) {
  const time = useCountdown(deadline);
  const { days, hours, minutes, seconds } = time ?? {};
  const parts = [
    ['Days', days],
    ['Hours', hours],
    ['Minutes', minutes],
    ['Seconds', seconds],
  ] as const;
  return (
    <div className="flex items-end gap-3" role="timer" aria-live="off">
      <span className="sr-only">
        {time ? `Ends in ${days} days, ${hours} hours and ${minutes} minutes` : 'Ends soon'}
      </span>
      {parts.map(([label, value], i) => (
        <div key={label} className="flex items-end gap-3" aria-hidden="true">
          {i > 0 ? <span className="pb-1 text-2xl font-bold text-brand/70">:</span> : null}
          <div className="flex flex-col">
            <span className="text-xs font-medium">{label}</span>
            <span className="text-2xl font-bold tabular-nums md:text-3xl">{pad(value)}</span>
          </div>
        </div>
      ))}
    </div>
  );
}
