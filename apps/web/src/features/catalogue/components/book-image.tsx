import { BookIcon } from '../../../ui/icons.tsx';
import { imageSrcSet } from '../lib/image-sources.ts';

type BookImageProps = {
  src: string | null;
  alt: string;
  /** How wide the image is drawn, so the browser picks the right stored width. */
  sizes: string;
  /**
   * 'high': likely the page's largest paint, so fetched at once and ahead of other images;
   * 'eager': on the first screen; 'lazy' (the default): fetched when it nears the viewport.
   */
  priority?: 'high' | 'eager' | 'lazy';
  className?: string;
};

/** A cover image in the stored widths, or a neutral placeholder when the book has none. */
export function BookImage({ src, alt, sizes, priority = 'lazy', className = '' }: BookImageProps) {
  if (!src) {
    return (
      <div
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        className={`flex items-center justify-center bg-stone-100 text-stone-400 ${className}`}
      >
        <BookIcon className="size-1/3 max-h-16 max-w-16" strokeWidth={1.5} />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      decoding="async"
      className={`bg-stone-100 object-cover ${className}`}
    />
  );
}
