import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../ui/spinner.tsx';

/** Shown while the directory's code or the genres load. */
export function GenreDirectoryLoading() {
  return (
    <div className="flex items-center gap-2 p-2 text-sm text-stone-700">
      <Spinner label={null} className="size-4" /> Loading categories…
    </div>
  );
}

const GenreDirectory = lazy(() => import('./genre-directory.tsx').then((m) => ({ default: m.GenreDirectory })));

/** The genre directory, loaded when a menu first opens: no page needs it for its first paint. */
export function LazyGenreDirectory(props: ComponentProps<typeof GenreDirectory>) {
  return (
    <Suspense fallback={<GenreDirectoryLoading />}>
      <GenreDirectory {...props} />
    </Suspense>
  );
}
