import type { ReactNode } from 'react';
import { useCarousel } from '../hooks/use-carousel';

/**
 * Slides side by side, moved by the carousel index; only the shown slide is
 * reachable by keyboard and screen readers. Up to `maxDots` dot buttons.
 */
export function CarouselFrame({
  label,
  slides,
  maxDots = 5,
  className = '',
}: {
  label: string;
  slides: ReactNode[];
  maxDots?: number;
  className?: string;
}) {
  const { index, go, reducedMotion, rootProps } = useCarousel(slides.length);
  const dots = Math.min(slides.length, maxDots);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative overflow-hidden ${className}`}
      {...rootProps}
    >
      <div
        className={`flex h-full ${reducedMotion ? '' : 'transition-transform duration-500 ease-out'}`}
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern names slides as groups
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className="h-full w-full shrink-0"
          >
            {slide}
          </div>
        ))}
      </div>
      {dots > 1 ? (
        <div className="absolute inset-x-0 bottom-4 flex justify-center gap-3">
          {Array.from({ length: dots }, (_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position
              key={i}
              type="button"
              aria-label={`Show slide ${i + 1}`}
              aria-current={i === index}
              onClick={() => go(i)}
              className={`size-3 rounded-full border-2 transition-colors ${
                i === index ? 'border-white bg-brand' : 'border-transparent bg-gray-400 hover:bg-gray-300'
              }`}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
