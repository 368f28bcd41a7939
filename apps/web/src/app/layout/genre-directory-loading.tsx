import { Spinner } from '../../ui/spinner.tsx';

/** Shown while the directory's code or the genres load. */
export function GenreDirectoryLoading() {
  return (
    <div className="flex items-center gap-2 p-2 text-sm text-stone-700">
      <Spinner label={null} className="size-4" /> Loading categories…
    </div>
  );
}
