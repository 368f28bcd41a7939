import type { ReactNode } from 'react';

type ListPageProps = {
  /** Prefix of the heading's id, which names the section. */
  id: string;
  title: string;
  /** One line under the heading: what the list holds and in which order. */
  intro: ReactNode;
  /** Beside the heading: a filter or a button. */
  actions?: ReactNode;
  /** The filters, the list (DataTable inside QueryState) and its paging. */
  children: ReactNode;
};

/** A staff list page: its heading, a line of introduction and the actions beside them, then the list. */
export function ListPage({ id, title, intro, actions, children }: ListPageProps) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 id={`${id}-title`} className="text-3xl font-bold text-stone-900">
            {title}
          </h1>
          <p className="text-stone-700">{intro}</p>
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}
