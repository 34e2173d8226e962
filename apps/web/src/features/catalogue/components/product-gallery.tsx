import { useState } from 'react';
import { ProductImage } from '@/components/ui/product-image';

/** The main image and a column of thumbnails that choose it. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const [current, setCurrent] = useState(0);
  const shown = images[current] ?? images[0] ?? null;
  return (
    <div className="flex flex-col-reverse gap-4 md:flex-row">
      {images.length > 1 ? (
        <ul
          aria-label="Product images"
          className="flex gap-3 overflow-x-auto md:w-32 md:flex-col md:overflow-visible"
        >
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === current}
                onClick={() => setCurrent(i)}
                className={`block w-20 rounded bg-gray-100 p-2 md:w-full ${i === current ? 'ring-2 ring-brand' : 'hover:ring-1 hover:ring-gray-300'}`}
              >
                <ProductImage
                  src={src}
                  alt=""
                  width={160}
                  height={160}
                  sizes="128px"
                  className="aspect-square w-full object-contain mix-blend-multiply"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex-1 rounded bg-gray-100">
        <ProductImage
          src={shown}
          alt={name}
          width={640}
          height={640}
          eager
          sizes="(min-width: 1024px) 560px, 100vw"
          className="aspect-square w-full object-contain p-8 mix-blend-multiply"
        />
      </div>
    </div>
  );
}
