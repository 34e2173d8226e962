import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from './use-reduced-motion';

const INTERVAL_MS = 2000;
const SWIPE_THRESHOLD_PX = 150;

/**
 * A slide index that advances every 2 s, rests while the pointer or focus is on
 * the carousel (and always when motion is reduced), and follows touch swipes
 * longer than 150 px.
 */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const touchX = useRef<number | null>(null);

  const go = (to: number) => setIndex(count > 0 ? (to + count) % count : 0);
  const next = () => setIndex((i) => (count > 0 ? (i + 1) % count : 0));
  const prev = () => setIndex((i) => (count > 0 ? (i - 1 + count) % count : 0));

  useEffect(() => {
    if (paused || reducedMotion || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, reducedMotion, count]);

  // The list may shrink under the index (fewer featured products on refetch).
  const current = count > 0 ? Math.min(index, count - 1) : 0;

  return {
    index: current,
    go,
    next,
    prev,
    reducedMotion,
    rootProps: {
      onMouseEnter: () => setPaused(true),
      onMouseLeave: () => setPaused(false),
      onFocus: () => setPaused(true),
      onBlur: (event: React.FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      },
      onTouchStart: (event: React.TouchEvent) => {
        touchX.current = event.touches[0]?.clientX ?? null;
        setPaused(true);
      },
      onTouchEnd: (event: React.TouchEvent) => {
        const start = touchX.current;
        const end = event.changedTouches[0]?.clientX;
        touchX.current = null;
        setPaused(false);
        if (start === null || end === undefined) return;
        if (end - start > SWIPE_THRESHOLD_PX) prev();
        else if (start - end > SWIPE_THRESHOLD_PX) next();
      },
    },
  };
}
