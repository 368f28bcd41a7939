import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DASHBOARD_RANGES, type DashboardRange } from '@bookshop/contracts/dashboard';
import { Permission } from '@bookshop/contracts/roles';
import { bookPath, Routes } from '@bookshop/contracts/routes';
import { formatPrice } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { useDashboardViewer } from '../components/dashboard-layout.tsx';
import { RevenueChart } from '../components/revenue-chart.tsx';
import { permissionLabels } from '../lib/permission-labels.ts';
import { LoadError } from '../../../ui/load-error.tsx';

const RANGE_LABELS: Record<DashboardRange, string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };
const isRange = (value: string | null): value is DashboardRange => DASHBOARD_RANGES.includes(value as DashboardRange);

const card = 'grid content-start gap-3 rounded-xl border border-stone-200 bg-white p-5';

/** /admin/dashboard: the shop's figures for staff who may view orders; a welcome panel for the others. */
export function DashboardHomePage() {
  useDocumentTitle('Dashboard');
  const viewer = useDashboardViewer();
  const canManageStaff = viewer.permissions.includes(Permission.ManageStaff);
  return (
    <section aria-labelledby="dashboard-title" className="grid gap-6">
      <header className="grid gap-1">
        <h1 id="dashboard-title" className="text-3xl font-bold text-stone-900">
          Dashboard
        </h1>
        <p className="text-stone-700">
          Welcome back, <b>{viewer.userName}</b>. Your role is <b>{viewer.role}</b>.
        </p>
      </header>
      {viewer.permissions.includes(Permission.ViewOrders) ? (
        <ShopFigures canManageBooks={viewer.permissions.includes(Permission.ManageBooks)} />
      ) : (
        <div className={card}>
          <h2 className="text-lg font-bold text-stone-900">Your role allows you to</h2>
          <ul className="list-disc space-y-1 ps-5 text-stone-800">
            {viewer.permissions.map((permission) => (
              <li key={permission}>{permissionLabels[permission]}</li>
            ))}
          </ul>
        </div>
      )}
      {canManageStaff && (
        <p className="text-stone-800">
          New staff wait for a role on the{' '}
          <Link to={Routes.adminStaff} className="font-semibold text-brand underline">
            Staff
          </Link>{' '}
          page.
        </p>
      )}
    </section>
  );
}

function ShopFigures({ canManageBooks }: { canManageBooks: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('range');
  const range: DashboardRange = isRange(requested) ? requested : 'today';
  const dashboard = useDashboard(range);

  return (
    <div className="grid gap-6">
      <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
        {DASHBOARD_RANGES.map((option) => (
          <Button
            key={option}
            size="sm"
            variant={option === range ? 'primary' : 'secondary'}
            aria-pressed={option === range}
            onClick={() => setSearchParams(option === 'today' ? {} : { range: option }, { replace: true })}
          >
            {RANGE_LABELS[option]}
          </Button>
        ))}
      </div>

      {dashboard.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the dashboard" className="size-8" />
        </div>
      ) : dashboard.isError ? (
        <LoadError onRetry={() => dashboard.refetch()} />
      ) : (
        <div className="grid gap-6" aria-busy={dashboard.isPlaceholderData || undefined}>
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Figure label="Revenue" value={formatPrice(dashboard.data.revenue)} />
            <Figure label="Paid orders" value={String(dashboard.data.paidOrders)} />
            <Figure label="Average order value" value={formatPrice(dashboard.data.averageOrderValue)} />
            <Figure label="New customers" value={String(dashboard.data.newCustomers)} />
          </dl>

          <Panel id="revenue-title" title="Revenue per day">
            <RevenueChart days={dashboard.data.revenueByDay} />
          </Panel>

          <div className="grid gap-6 lg:grid-cols-3">
            <Panel id="status-title" title="Orders by status">
              <ul className="grid gap-1">
                {dashboard.data.ordersByStatus.map((entry) => (
                  <li key={entry.status} className="flex justify-between gap-3">
                    <Link
                      to={`${Routes.adminOrders}?status=${entry.status}`}
                      className="text-brand underline-offset-2 hover:underline"
                    >
                      {entry.statusName}
                    </Link>
                    <span className="font-semibold tabular-nums">{entry.count}</span>
                  </li>
                ))}
              </ul>
            </Panel>

            <Panel id="best-sellers-title" title="Best sellers">
              {dashboard.data.bestSellers.length === 0 ? (
                <p className="text-stone-700">No books sold in this period.</p>
              ) : (
                <ol className="grid list-decimal gap-1 ps-5">
                  {dashboard.data.bestSellers.map((book) => (
                    <li key={book.bookId}>
                      <span className="flex justify-between gap-3">
                        <Link to={bookPath(book.title)} className="text-brand underline-offset-2 hover:underline">
                          {book.title}
                        </Link>
                        <span className="whitespace-nowrap tabular-nums">
                          {book.copies} {book.copies === 1 ? 'copy' : 'copies'}
                        </span>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Panel>

            <Panel id="low-stock-title" title="Low in stock">
              {dashboard.data.lowStock.length === 0 ? (
                <p className="text-stone-700">Every book has more than 5 copies.</p>
              ) : (
                <ul className="grid gap-1">
                  {dashboard.data.lowStock.map((book) => (
                    <li key={book.bookId} className="flex justify-between gap-3">
                      {canManageBooks ? (
                        <Link
                          to={Routes.adminUpdateBook.replace(':id', String(book.bookId))}
                          className="text-brand underline-offset-2 hover:underline"
                        >
                          {book.title}
                        </Link>
                      ) : (
                        <span>{book.title}</span>
                      )}
                      <span className="whitespace-nowrap tabular-nums">{book.stockQuantity} left</span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          </div>
        </div>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 rounded-xl border border-stone-200 bg-white p-5">
      <dt className="text-sm font-semibold text-stone-700">{label}</dt>
      <dd className="text-2xl font-bold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
