import { useState } from 'react';

interface ProductCardImageProps {
  images: string[];
  name: string;
  loading: 'eager' | 'lazy';
}

/**
 * The card's image; pointing at a dot shows that image. The dots are for the pointer
 * only, out of the tab order and hidden from screen readers: the product page's
 * gallery shows every image to everyone. They sit at the very bottom, below the cover's text.
 */
export function ProductCardImage({ images, name, loading }: ProductCardImageProps) {
  const [shown, setShown] = useState(0);
  const src = images[shown] ?? images[0];

  return (
    <div className="relative aspect-square overflow-hidden bg-zinc-800">
      <img
        src={src}
        alt={images.length > 1 ? `${name}, image ${shown + 1} of ${images.length}` : name}
        loading={loading}
        decoding="async"
        width={800}
        height={800}
        className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
      />
      {images.length > 1 && (
        <div
          aria-hidden="true"
          data-testid="image-dots"
          className="absolute bottom-1 left-1/2 z-10 flex -translate-x-1/2 rounded-full bg-zinc-950/60 px-1 backdrop-blur"
        >
          {images.map((image, index) => (
            <span
              key={image}
              onPointerEnter={() => setShown(index)}
              // A 24 px target around a dot that stays small.
              className="grid h-5 w-6 cursor-pointer place-items-center"
            >
              <span
                className={`block h-1.5 rounded-full transition-all ${
                  index === shown ? 'w-4 bg-white' : 'w-1.5 bg-white/50 hover:bg-white/80'
                }`}
              />
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
