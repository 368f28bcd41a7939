export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm font-semibold text-stone-600" role="separator" aria-label="OR">
      <span className="h-px flex-1 bg-stone-300" />
      <span aria-hidden="true">OR</span>
      <span className="h-px flex-1 bg-stone-300" />
    </div>
  );
}
