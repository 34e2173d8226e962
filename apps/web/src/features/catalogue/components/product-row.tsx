import { memo, useId } from 'react';
import { Link } from 'react-router';
import { Deferred, DeferredPart } from '@/components/deferred';
import { buttonClasses } from '@/components/ui/button';
import { ChevronRightIcon } from '@/components/ui/icons';
import type { CardProduct } from '@/lib/card-product';
import { useRowScroll } from '../hooks/use-row-scroll';
import { ProductCard } from './product-card';
import { SectionHeading } from './section-heading';

// The flash sale's clock shows dashes until its code is here (as the server's HTML does until the page
// has hydrated); the code is not in the first load (issue 27).
const countdown = new DeferredPart<{ deadline: Date }>(() =>
  import('./countdown').then((module) => module.Countdown),
);

// Memoised: the row re-renders as its products load, and React would give up hydrating the server's
// clock for the placeholder while the chunk is on its way.
const Countdown = memo(function Countdown({ deadline }: { deadline: Date }) {
  return (
    <Deferred
      part={countdown}
      props={{ deadline }}
      placeholder={<div aria-hidden="true" className="h-14 w-72 md:h-[3.75rem]" />}
    />
  );
});

export interface ProductRowProps {
  title: string;
  tag?: string;
  products: CardProduct[] | undefined;
  loading: boolean;
  /** Shows a countdown to this moment beside the heading. */
  deadline?: Date;
  /** Two rows of cards that scroll together. */
  grid?: boolean;
  /** A 'View All Products' button to /products under the row. */
  viewAll?: boolean;
  autoScroll?: boolean;
}

/** The spec's product row section: heading, optional countdown, buttons, wheel/drag/auto scrolling. */
export function ProductRow({
  title,
  tag,
  products,
  loading,
  deadline,
  grid = false,
  viewAll = false,
  autoScroll = true,
}: ProductRowProps) {
  const headingId = useId();
  const empty = !loading && (products?.length ?? 0) === 0;
  const { ref, scrollStep, trackProps, hoverProps } = useRowScroll({
    grid,
    auto: autoScroll,
    ready: !loading && !empty,
  });

  return (
    // A row off screen is not styled, laid out or painted until it nears the viewport (the home page
    // has four; at 4x CPU the browser spent a second drawing them at load). The reserved height is a
    // row's; `auto` keeps the real one once it has been drawn.
    <section
      aria-labelledby={headingId}
      className={`mx-auto max-w-7xl px-4 py-10 [content-visibility:auto] md:py-14 ${
        grid ? '[contain-intrinsic-size:auto_60rem]' : '[contain-intrinsic-size:auto_36rem]'
      }`}
      {...hoverProps}
    >
      <div className="flex items-end justify-between gap-4">
        <SectionHeading tag={tag} title={title} id={headingId}>
          {deadline ? <Countdown deadline={deadline} /> : null}
        </SectionHeading>
        <div className="hidden shrink-0 gap-2 sm:flex">
          <ArrowButton label={`Scroll ${title} back`} onClick={() => scrollStep(-1)} flip />
          <ArrowButton label={`Scroll ${title} forward`} onClick={() => scrollStep(1)} />
        </div>
      </div>

      {loading ? (
        <p className="py-16 text-center text-gray-500" role="status">
          Loading your awesome stuff...
        </p>
      ) : empty ? (
        <p className="py-16 text-center text-gray-500">Nothing here yet.</p>
      ) : (
        <div
          ref={ref}
          {...trackProps}
          className={`mt-8 cursor-grab overflow-x-auto overscroll-x-contain pb-2 select-none active:cursor-grabbing [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${
            grid
              ? 'grid auto-cols-[minmax(10rem,46%)] grid-flow-col grid-rows-2 gap-x-6 gap-y-10 sm:auto-cols-[15rem] lg:auto-cols-[16.875rem]'
              : 'flex gap-6 [&>*]:w-[46%] [&>*]:shrink-0 sm:[&>*]:w-60 lg:[&>*]:w-[16.875rem]'
          }`}
        >
          {products?.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </div>
      )}

      {viewAll ? (
        <div className="mt-10 flex justify-center">
          <Link to="/products" className={buttonClasses('primary', 'lg')}>
            View All Products
          </Link>
        </div>
      ) : null}
      <hr className="mt-10 border-gray-200 md:mt-14" />
    </section>
  );
}

function ArrowButton({
  label,
  onClick,
  flip = false,
}: {
  label: string;
  onClick: () => void;
  flip?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex size-11 items-center justify-center rounded-full bg-gray-100 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-brand"
    >
      <ChevronRightIcon size={20} className={flip ? 'rotate-180' : ''} />
    </button>
  );
}
