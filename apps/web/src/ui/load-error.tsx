import { Messages } from '@bookshop/contracts/messages';
import { Button } from './button.tsx';

type LoadErrorProps = {
  onRetry: () => unknown;
  /** `section`: a line within a page's section; `table`: in place of a staff table, centred. */
  placement?: 'section' | 'table';
};

/** A list or section that could not be loaded, in its place, with a way to ask again. */
export function LoadError({ onRetry, placement = 'section' }: LoadErrorProps) {
  const table = placement === 'table';
  return (
    <div
      role="alert"
      className={table ? 'flex flex-col items-center gap-3 py-10' : 'flex flex-wrap items-center gap-3'}
    >
      <p className="font-semibold text-rose-900">{Messages.listError}</p>
      <Button variant="secondary" size={table ? undefined : 'sm'} onClick={() => void onRetry()}>
        Try again
      </Button>
    </div>
  );
}
