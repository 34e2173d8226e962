import type { ImgHTMLAttributes } from 'react';

const WIDTHS = [160, 320, 480, 640, 960] as const;

/** Our own uploads are served as resized WebP variants (`?w=`); other URLs are used as they are. */
function isResizable(url: string): boolean {
  return url.startsWith('/uploads/');
}

function variant(url: string, width: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

const srcSetOf = (url: string) => WIDTHS.map((w) => `${variant(url, w)} ${w}w`).join(', ');

/**
 * A high-priority preload of an image shown only on screens matching `media`: an eager image is
 * preloaded by React on every screen, so one hidden on phones would take the first seconds of a
 * slow connection from the stylesheet and scripts. React hoists the link into <head>.
 */
export function ProductImagePreload({ src, sizes, media }: { src: string; sizes: string; media: string }) {
  const resizable = isResizable(src);
  return (
    <link
      rel="preload"
      as="image"
      href={resizable ? undefined : src}
      imageSrcSet={resizable ? srcSetOf(src) : undefined}
      imageSizes={resizable ? sizes : undefined}
      media={media}
      fetchPriority="high"
    />
  );
}

export interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic box, so the page does not shift when the image arrives. */
  width: number;
  height: number;
  /** The `sizes` hint for the browser's choice of variant. */
  sizes: string;
  /** Above-the-fold images load at once; the rest lazily. */
  eager?: boolean;
}

/** A product photo with a srcset of server-made variants and a fixed aspect ratio. */
export function ProductImage({
  src,
  alt,
  width,
  height,
  sizes,
  eager = false,
  className = '',
  ...rest
}: ProductImageProps) {
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={`flex items-center justify-center bg-gray-100 text-xs text-gray-600 ${className}`}
      >
        No image
      </div>
    );
  }
  const resizable = isResizable(src);
  return (
    <img
      src={resizable ? variant(src, 480) : src}
      srcSet={resizable ? srcSetOf(src) : undefined}
      sizes={resizable ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={className}
      {...rest}
    />
  );
}

/** A transparent pixel: what a <picture> shows where none of its sources applies. */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * A product photo for screens matching `media` only (the hero's, which phones do not show): a
 * <picture> whose one source applies there, so other screens fetch nothing, and the image can still
 * load eagerly with high priority where it shows. Hidden with the picture where it does not apply.
 */
export function ProductImageWhere({
  media,
  src,
  alt,
  width,
  height,
  sizes,
  eager = false,
  className = '',
  pictureClassName = '',
}: Omit<ProductImageProps, 'src'> & { src: string; media: string; pictureClassName?: string }) {
  const resizable = isResizable(src);
  return (
    <picture className={pictureClassName}>
      <source media={media} srcSet={resizable ? srcSetOf(src) : src} sizes={resizable ? sizes : undefined} />
      <img
        src={NOTHING}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : undefined}
        className={className}
      />
    </picture>
  );
}
