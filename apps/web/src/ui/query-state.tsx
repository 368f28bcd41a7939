import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSpecText } from '../lib/i18n/i18n.tsx';
import { LoadError } from './load-error.tsx';
import { Spinner } from './spinner.tsx';

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  /** The spinner's name for screen readers, e.g. 'Loading orders'. */
  loadingLabel: string;
  /** Whether the answer has nothing to show, and what to show then. */
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** Instead of the usual message with a Try again button. */
  error?: ReactNode;
  children: (data: T) => ReactNode;
};

/** A list's loading, error and empty states, then the list itself (the staff area's pages). */
export function QueryState<T>({ query, loadingLabel, isEmpty, empty, error, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={loadingLabel} className="size-8" />
      </div>
    );
  }
  if (query.isError) return error ?? <LoadError placement="table" onRetry={() => query.refetch()} />;
  return isEmpty(query.data) ? empty : children(query.data);
}

/** "Nothing here" in place of a list, in a dashed box. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-stone-300 bg-white py-10 text-center text-stone-800">
      {children}
    </p>
  );
}

/** "Nothing here" as a plain line (the staff and books tables). */
export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="py-10 text-center text-stone-800">{children}</p>;
}

/** The list error as a plain line, without Try again (the staff and books tables). */
export function ErrorLine() {
  const specText = useSpecText();
  return (
    <p role="alert" className="py-10 text-center text-stone-800">
      {specText('listError')}
    </p>
  );
}
