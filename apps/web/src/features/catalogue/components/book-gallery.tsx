import { useState } from 'react';
import { COVER_SIZES } from '../lib/image-sources.ts';
import { BookImage } from './book-image.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';

type BookGalleryProps = { title: string; images: string[] };

/** The main image large, with a thumbnail strip to switch between the book's images. */
export function BookGallery({ title, images }: BookGalleryProps) {
  const [selected, setSelected] = useState(0);
  const t = useT();
  const current = images[selected] ?? images[0] ?? null;
  return (
    <div className="flex flex-col gap-3">
      <BookImage
        src={current}
        alt={images.length > 1 ? t('book.imageOf', { title, index: selected + 1, count: images.length }) : title}
        sizes={COVER_SIZES.bookPage}
        // The cover is the book page's largest paint; a server render preloads it (coverPreload).
        priority="high"
        className="aspect-[2/3] w-full max-w-md rounded-lg border border-stone-200"
      />
      {images.length > 1 && (
        <ul aria-label={t('book.images')} className="flex flex-wrap gap-2">
          {images.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                aria-label={t('book.showImage', { index: index + 1, count: images.length })}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={`overflow-hidden rounded border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 ${index === selected ? 'border-stone-900' : 'border-transparent'}`}
              >
                <BookImage src={url} alt="" sizes="64px" className="h-24 w-16" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
