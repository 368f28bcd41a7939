import { Messages } from '@bookshop/contracts/messages';
import { Button } from './button.tsx';

/** A list or section that could not be loaded, in its place, with a way to ask again. */
export function LoadError({ onRetry }: { onRetry: () => unknown }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3">
      <p className="font-semibold text-rose-900">{Messages.listError}</p>
      <Button variant="secondary" size="sm" onClick={() => void onRetry()}>
        Try again
      </Button>
    </div>
  );
}
