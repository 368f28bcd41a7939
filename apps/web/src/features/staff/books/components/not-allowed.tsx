import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { buttonClasses } from '../../../../ui/button.tsx';

/** What a staff member sees on a page their role may not use, instead of a form that would fail. */
export function NotAllowed({ title, what }: { title: string; what: string }) {
  return (
    <section className="grid gap-4">
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <p role="alert" className="text-stone-800">
        Your role does not allow you to {what}. Ask an Admin if you need it.
      </p>
      <p>
        <Link to={Routes.adminBooks} className={buttonClasses({ variant: 'secondary' })}>
          Back to Books
        </Link>
      </p>
    </section>
  );
}
