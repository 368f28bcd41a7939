import { lazy, Suspense, type ComponentProps } from 'react';
import { GenreDirectoryLoading } from './genre-directory-loading.tsx';

const GenreDirectory = lazy(() => import('./genre-directory.tsx').then((m) => ({ default: m.GenreDirectory })));

/** The genre directory, loaded when a menu first opens: no page needs it for its first paint. */
export function LazyGenreDirectory(props: ComponentProps<typeof GenreDirectory>) {
  return (
    <Suspense fallback={<GenreDirectoryLoading />}>
      <GenreDirectory {...props} />
    </Suspense>
  );
}
