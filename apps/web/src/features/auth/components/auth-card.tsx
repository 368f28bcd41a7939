import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';

/** The customer auth pages: one centred card with the page's heading. */
export function AuthCard({ title, children, intro }: { title: string; intro?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex justify-center py-10">
      <section
        aria-labelledby="auth-card-title"
        className="grid w-full max-w-md gap-6 rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <header className="grid gap-2 text-center">
          <h1 id="auth-card-title" className="text-2xl font-bold text-stone-900">
            {title}
          </h1>
          {intro && <div className="text-stone-700">{intro}</div>}
        </header>
        {children}
      </section>
    </div>
  );
}
