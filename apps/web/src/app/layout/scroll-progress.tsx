import { useEffect, useRef } from 'react';

/**
 * The global red bar at the top whose width is how far the page is scrolled.
 * The width is written straight to the element once per frame, so scrolling
 * never re-renders React.
 */
export function ScrollProgress() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const root = document.documentElement;
      const max = root.scrollHeight - root.clientHeight;
      const percent = max > 0 ? Math.min(100, (root.scrollTop / max) * 100) : 0;
      if (bar.current) {
        bar.current.style.width = `${percent}%`;
        bar.current.parentElement?.setAttribute('aria-valuenow', String(Math.round(percent)));
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Pages that load content later change the height without a scroll.
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <div
      role="progressbar"
      aria-label="Page scroll progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      data-testid="scroll-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1"
    >
      {/* Red whatever the theme colour: the spec names the bar red. */}
      <div ref={bar} className="h-full w-0 bg-[#db4444]" />
    </div>
  );
}
