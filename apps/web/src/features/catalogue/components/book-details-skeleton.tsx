/**
 * A grey stand-in with the book page's layout: the cover box has the cover's size, so nothing
 * below it (the footer on a phone) moves when the book arrives.
 */
export function BookDetailsSkeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-8 py-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="aspect-[2/3] w-full max-w-md rounded-lg bg-stone-200" />
      <div className="flex flex-col gap-4">
        <div className="h-9 w-4/5 rounded bg-stone-200 sm:h-10" />
        <div className="h-5 w-1/2 rounded bg-stone-200" />
        <div className="h-5 w-1/3 rounded bg-stone-200" />
        <div className="h-8 w-1/4 rounded bg-stone-200" />
        <div className="h-7 w-2/3 rounded-full bg-stone-200" />
        <div className="flex max-w-xl flex-col gap-2 sm:flex-row">
          <div className="h-12 flex-1 rounded bg-stone-200" />
          <div className="h-12 flex-1 rounded bg-stone-200" />
        </div>
        <div className="h-24 rounded bg-stone-200" />
      </div>
    </div>
  );
}
