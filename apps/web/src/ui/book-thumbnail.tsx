import { Link } from 'react-router';
import { BookIcon } from './icons.tsx';

/**
 * A book's cover linking to its page, with a neutral placeholder when it has none. Hidden from
 * assistive technology and the tab order: the title beside it carries the same link.
 */
export function BookThumbnail({ href, imageUrl }: { href: string; imageUrl: string | null | undefined }) {
  return (
    <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-[2/3] w-full rounded-md bg-stone-100 object-cover"
        />
      ) : (
        <div className="flex aspect-[2/3] w-full items-center justify-center rounded-md bg-stone-100 text-stone-400">
          <BookIcon className="size-8" strokeWidth={1.5} />
        </div>
      )}
    </Link>
  );
}
