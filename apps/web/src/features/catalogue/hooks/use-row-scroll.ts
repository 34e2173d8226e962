import { useCallback, useEffect, useRef } from 'react';
import { useReducedMotion } from './use-reduced-motion';

const DRAG_FACTOR = 1.5;
const AUTO_DELAY_MS = 1000;
const AUTO_EVERY_MS = 2500;
/** Movement (px) after which a press counts as a drag, not a click on a card. */
const DRAG_SLOP = 5;

/**
 * Horizontal row scrolling as the spec has it: buttons, mouse wheel, drag with
 * a 1.5 speed factor, and auto-scroll every 2.5 s after 1 s, stepping 80% of the
 * width in grid mode (50% otherwise) and bouncing at the ends. Auto-scroll
 * rests while the pointer or focus is in the row, and when motion is reduced.
 */
export function useRowScroll({
  grid,
  auto = true,
  ready,
}: {
  grid: boolean;
  auto?: boolean /** The track is in the page. */;
  ready: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const direction = useRef<1 | -1>(1);
  const reducedMotion = useReducedMotion();
  const stepShare = grid ? 0.8 : 0.5;

  const scrollStep = useCallback(
    (dir: 1 | -1) => {
      const el = ref.current;
      if (!el) return;
      el.scrollBy({ left: dir * el.clientWidth * stepShare, behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [stepShare, reducedMotion],
  );

  useEffect(() => {
    if (!auto || reducedMotion) return;
    let interval: number | undefined;
    const start = window.setTimeout(() => {
      interval = window.setInterval(() => {
        const el = ref.current;
        if (!el || paused.current || document.hidden) return;
        const max = el.scrollWidth - el.clientWidth;
        if (max <= 0) return;
        if (direction.current === 1 && el.scrollLeft >= max - 2) direction.current = -1;
        else if (direction.current === -1 && el.scrollLeft <= 2) direction.current = 1;
        scrollStep(direction.current);
      }, AUTO_EVERY_MS);
    }, AUTO_DELAY_MS);
    return () => {
      window.clearTimeout(start);
      window.clearInterval(interval);
    };
  }, [auto, reducedMotion, scrollStep]);

  // A vertical wheel scrolls the row sideways until it reaches an end; then the page scrolls on.
  useEffect(() => {
    const el = ref.current;
    if (!ready || !el) return;
    const onWheel = (event: WheelEvent) => {
      if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) return;
      const max = el.scrollWidth - el.clientWidth;
      const atEnd = event.deltaY > 0 ? el.scrollLeft >= max - 1 : el.scrollLeft <= 0;
      if (max <= 0 || atEnd) return;
      event.preventDefault();
      el.scrollLeft += event.deltaY;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ready]);

  const drag = useRef<{ x: number; left: number; moved: boolean } | null>(null);
  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse' || event.button !== 0 || !ref.current) return;
    drag.current = { x: event.clientX, left: ref.current.scrollLeft, moved: false };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const el = ref.current;
    if (!d || !el) return;
    const dx = event.clientX - d.x;
    if (!d.moved && Math.abs(dx) < DRAG_SLOP) return;
    if (!d.moved) {
      d.moved = true;
      el.setPointerCapture(event.pointerId);
    }
    el.scrollLeft = d.left - dx * DRAG_FACTOR;
  };
  const endDrag = (event: React.PointerEvent<HTMLDivElement>) => {
    if (ref.current?.hasPointerCapture(event.pointerId)) ref.current.releasePointerCapture(event.pointerId);
    // Keep the flag until the click that ends a drag has been swallowed.
    window.setTimeout(() => {
      drag.current = null;
    }, 0);
  };
  const onClickCapture = (event: React.MouseEvent) => {
    if (drag.current?.moved) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const pause = () => {
    paused.current = true;
  };
  const resume = () => {
    paused.current = false;
  };

  return {
    ref,
    scrollStep,
    trackProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp: endDrag,
      onPointerCancel: endDrag,
      onClickCapture,
      onDragStart: (event: React.DragEvent) => event.preventDefault(),
    },
    hoverProps: { onMouseEnter: pause, onMouseLeave: resume, onFocus: pause, onBlur: resume },
  };
}
