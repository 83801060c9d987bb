import { useState } from 'react';
import { Link } from 'react-router';

interface ProductCardImageProps {
  href: string;
  images: string[];
  name: string;
  loading: 'eager' | 'lazy';
}

/** The card's image, linking to the product; dots switch the image on hover, focus or click. */
export function ProductCardImage({ href, images, name, loading }: ProductCardImageProps) {
  const [shown, setShown] = useState(0);
  const src = images[shown] ?? images[0];

  return (
    <div className="relative aspect-square overflow-hidden bg-zinc-800">
      {/* Out of the tab order: the product name below is the same link. */}
      <Link to={href} tabIndex={-1} className="block size-full">
        <img
          src={src}
          alt={images.length > 1 ? `${name}, image ${shown + 1} of ${images.length}` : name}
          loading={loading}
          decoding="async"
          width={800}
          height={800}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
      </Link>
      {images.length > 1 && (
        <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 rounded-full bg-zinc-950/60 px-1 backdrop-blur">
          {images.map((image, index) => (
            <button
              key={image}
              type="button"
              aria-label={`Show image ${index + 1} of ${name}`}
              aria-pressed={index === shown}
              onMouseEnter={() => setShown(index)}
              onFocus={() => setShown(index)}
              onClick={() => setShown(index)}
              // 24 px: the smallest target WCAG 2.2 allows, around a dot that stays small.
              className="grid size-6 place-items-center"
            >
              <span
                className={`block h-1.5 rounded-full transition-all ${
                  index === shown ? 'w-4 bg-white' : 'w-1.5 bg-white/50 hover:bg-white/80'
                }`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
