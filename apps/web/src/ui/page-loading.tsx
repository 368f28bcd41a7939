import { Spinner } from './spinner.tsx';

/** Shown in the page area while a page's code loads for the first time. */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-stone-700">
      <Spinner label="Loading page" className="size-8" />
    </div>
  );
}
