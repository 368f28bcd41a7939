/** A grey stand-in with the card's proportions, so the grid does not jump when books arrive. */
export function BookCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex animate-pulse overflow-hidden rounded-lg border border-stone-200 bg-white bar:flex-col"
    >
      <div className="aspect-[2/3] w-28 shrink-0 self-start bg-stone-200 bar:w-full" />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="h-4 w-1/3 rounded bg-stone-200" />
        <div className="h-4 w-4/5 rounded bg-stone-200" />
        <div className="h-3 w-1/2 rounded bg-stone-200" />
        <div className="h-3 w-2/3 rounded bg-stone-200" />
        <div className="mt-2 h-10 rounded bg-stone-200" />
        <div className="h-10 rounded bg-stone-200" />
      </div>
    </div>
  );
}
