import { useEffect, useState } from 'react';

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

function left(deadline: number, now: number): TimeLeft {
  const total = Math.max(0, Math.floor((deadline - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * Days, hours, minutes and seconds until the deadline, from the shopper's clock, ticking each second;
 * undefined until the page runs in the browser (the server's clock and time zone are not the shopper's,
 * and the HTML must match what the browser first renders).
 */
export function useCountdown(deadline: Date): TimeLeft | undefined {
  const at = deadline.getTime();
  const [now, setNow] = useState<number | undefined>(undefined);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now === undefined ? undefined : left(at, now);
}
