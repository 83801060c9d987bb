import { useState } from 'react';

/** The main image and, when there are several, thumbnail buttons choosing it. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [shown, setShown] = useState(0);
  const src = images[shown] ?? images[0];

  return (
    <div className="space-y-4">
      <div className="aspect-square overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900">
        <img
          data-testid="gallery-main-image"
          src={src}
          alt={images.length > 1 ? `${name}, image ${shown + 1} of ${images.length}` : name}
          width={800}
          height={800}
          // The page's largest image: fetched ahead of the scripts still loading.
          fetchPriority="high"
          className="size-full object-cover"
        />
      </div>
      {images.length > 1 && (
        <ul className="grid grid-cols-4 gap-3 sm:grid-cols-5">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setShown(index)}
                aria-label={`Show image ${index + 1}`}
                aria-pressed={index === shown}
                className={`block aspect-square w-full overflow-hidden rounded-lg border-2 bg-zinc-900 transition-colors ${
                  index === shown
                    ? 'border-brand-500'
                    : 'border-transparent opacity-70 hover:opacity-100'
                }`}
              >
                <img
                  src={image}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  width={160}
                  height={160}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
