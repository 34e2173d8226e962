import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { categoryPath } from '../lib/category-path';
import { CarouselFrame } from './carousel-frame';

/** The three promotional slides between the rows; each leads to a seeded category. */
const SLIDES = [
  {
    tag: 'Categories',
    title: 'Enhance Your Music Experience',
    text: 'Headphones and speakers with deep bass, long battery life and fast charging.',
    to: categoryPath('Electronics', 'Audio'),
    tint: 'from-black via-gray-900 to-emerald-950',
  },
  {
    tag: 'New Season',
    title: 'Fresh Styles for Every Day',
    text: 'Dresses, tops and ethnic wear picked for the summer.',
    to: categoryPath("Woman's Fashion"),
    tint: 'from-black via-gray-900 to-rose-950',
  },
  {
    tag: 'Home & Lifestyle',
    title: 'Make Your Home Feel New',
    text: 'Cookware, lamps and bedding that brighten every room.',
    to: categoryPath('Home & Lifestyle'),
    tint: 'from-black via-gray-900 to-amber-950',
  },
] as const;

export function BannerCarousel() {
  const slides = SLIDES.map((slide) => (
    <div
      key={slide.title}
      className={`flex h-full flex-col justify-center bg-gradient-to-r px-8 pb-12 pt-10 text-white md:px-14 ${slide.tint}`}
    >
      <p className="font-semibold text-emerald-400">{slide.tag}</p>
      <p className="mt-6 max-w-xl text-3xl font-semibold leading-tight md:text-5xl">{slide.title}</p>
      <p className="mt-4 max-w-lg text-gray-300">{slide.text}</p>
      <Link
        to={slide.to}
        className={buttonClasses('primary', 'lg', 'mt-8 w-fit bg-emerald-700 hover:bg-emerald-800')}
      >
        Buy Now!
      </Link>
    </div>
  ));
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <CarouselFrame label="Offers" slides={slides} maxDots={3} className="h-[24rem] rounded md:h-[30rem]" />
    </div>
  );
}
