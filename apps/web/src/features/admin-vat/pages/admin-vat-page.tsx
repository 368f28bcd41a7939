import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatPrice } from '@bookshop/contracts/money';
import { recentQuarters, VatReportQuerySchema, type VatReport, type VatReportQuery } from '@bookshop/contracts/reports';
import { shopDate } from '@bookshop/contracts/shop-clock';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useDownloadVatCsv } from '../api/download-vat-csv.ts';
import { useVatReport } from '../api/get-vat-report.ts';

/** Quick choices: this quarter and the three before it. */
const QUICK_QUARTERS = 4;

/** 'Dhs 12.50', '-Dhs 1.48' (a credit note's). */
const money = (aed: number) => (aed < 0 ? `-${formatPrice(-aed)}` : formatPrice(aed));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The period in the URL (?from=&to=, shop days), so a reload or a shared link shows the same
 * return; anything the API would refuse gives this quarter on the shop's clock.
 */
function usePeriod(today: string) {
  const [params, setParams] = useSearchParams();
  const parsed = VatReportQuerySchema.safeParse({ from: params.get('from'), to: params.get('to') });
  const thisQuarter = recentQuarters(today, 1)[0]!;
  const period: VatReportQuery = parsed.success ? parsed.data : { from: thisQuarter.from, to: thisQuarter.to };
  const setPeriod = (next: VatReportQuery) =>
    setParams(next.from === thisQuarter.from && next.to === thisQuarter.to ? {} : next, { replace: true });
  return [period, setPeriod] as const;
}

/** /admin/dashboard/vat (reports:view): the VAT return's figures for a period, and its documents as CSV. */
export function AdminVatPage() {
  useDocumentTitle('VAT');
  const today = shopDate(Date.now());
  const quarters = recentQuarters(today, QUICK_QUARTERS);
  const [period, setPeriod] = usePeriod(today);
  const report = useVatReport(period);
  const download = useDownloadVatCsv();

  return (
    <section aria-labelledby="vat-title" className="grid gap-6">
      <header className="grid gap-1">
        <h1 id="vat-title" className="text-3xl font-bold text-stone-900">
          VAT
        </h1>
        <p className="text-stone-700">
          The figures for the VAT return, from the tax invoices and credit notes issued in the period (days in Dubai).
        </p>
      </header>

      <div role="group" aria-label="Quarter" className="flex flex-wrap gap-2">
        {quarters.map((quarter) => {
          const chosen = quarter.from === period.from && quarter.to === period.to;
          return (
            <Button
              key={quarter.label}
              size="sm"
              variant={chosen ? 'primary' : 'secondary'}
              aria-pressed={chosen}
              onClick={() => setPeriod({ from: quarter.from, to: quarter.to })}
            >
              {quarter.label}
            </Button>
          );
        })}
      </div>

      {/* Keyed by the period, so a quick choice shows its days in the fields. */}
      <PeriodForm key={`${period.from}/${period.to}`} period={period} onSubmit={setPeriod} />

      {report.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the VAT return" className="size-8" />
        </div>
      ) : report.isError ? (
        <LoadError onRetry={() => report.refetch()} />
      ) : (
        <div className="grid gap-4" aria-busy={report.isPlaceholderData || undefined}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-stone-800">
              {plural(report.data.invoices, 'tax invoice', 'tax invoices')} and{' '}
              {plural(report.data.creditNotes, 'credit note', 'credit notes')} from {report.data.from} to{' '}
              {report.data.to}.
            </p>
            {report.data.invoices + report.data.creditNotes > 0 && (
              <Button
                variant="secondary"
                pending={download.isPending}
                onClick={() =>
                  download.mutate(period, {
                    onError: (error) => toast.error('The CSV was not downloaded', error.message),
                  })
                }
              >
                Download CSV
              </Button>
            )}
          </div>
          {report.data.invoices + report.data.creditNotes === 0 ? (
            <p className="rounded-lg border border-stone-200 bg-white p-4 text-stone-700">
              No tax invoices or credit notes were issued in this period.
            </p>
          ) : (
            <VatTable report={report.data} />
          )}
        </div>
      )}
    </section>
  );
}

function PeriodForm({ period, onSubmit }: { period: VatReportQuery; onSubmit: (period: VatReportQuery) => void }) {
  const [draft, setDraft] = useState(period);
  const [errors, setErrors] = useState<Partial<Record<keyof VatReportQuery, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = VatReportQuerySchema.safeParse(draft);
    if (parsed.success) {
      setErrors({});
      onSubmit(parsed.data);
      return;
    }
    const found: Partial<Record<keyof VatReportQuery, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof VatReportQuery;
      found[field] ??= issue.message;
    }
    setErrors(found);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Period" className="flex flex-wrap items-start gap-3">
      <TextField
        label="From"
        type="date"
        value={draft.from}
        error={errors.from}
        onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        className="w-44"
      />
      <TextField
        label="To"
        type="date"
        value={draft.to}
        error={errors.to}
        onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        className="w-44"
      />
      <Button type="submit" className="sm:mt-7">
        Show
      </Button>
    </form>
  );
}

const cell = 'px-3 py-2 text-end tabular-nums whitespace-nowrap';
const headCell = 'px-3 py-2 text-start font-semibold';

function VatTable({ report }: { report: VatReport }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
      <table className="w-full min-w-[20rem] text-sm">
        <caption className="px-3 pt-3 text-start font-semibold text-stone-900">Sales by emirate</caption>
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className={headCell}>
              Emirate
            </th>
            <th scope="col" className={`${headCell} text-end`}>
              Amount excl. VAT
            </th>
            <th scope="col" className={`${headCell} text-end`}>
              VAT
            </th>
          </tr>
        </thead>
        <tbody>
          {report.sales.map((row) => (
            <tr key={row.emirate} className="border-b border-stone-100">
              <th scope="row" className={`${headCell} font-normal`}>
                {row.emirate}
              </th>
              <td className={cell}>{money(row.netAmount)}</td>
              <td className={cell}>{money(row.vatAmount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="text-stone-900">
          <tr className="border-b border-stone-200 bg-stone-50">
            <th scope="row" className={headCell}>
              Total sales
            </th>
            <td className={`${cell} font-semibold`}>{money(report.salesTotal.netAmount)}</td>
            <td className={`${cell} font-semibold`}>{money(report.salesTotal.vatAmount)}</td>
          </tr>
          <tr className="border-b border-stone-200">
            <th scope="row" className={headCell}>
              Adjustments (credit notes)
            </th>
            <td className={cell}>{money(report.adjustments.netAmount)}</td>
            <td className={cell}>{money(report.adjustments.vatAmount)}</td>
          </tr>
          <tr className="bg-stone-50">
            <th scope="row" className={headCell}>
              Net VAT due
            </th>
            <td className={cell} />
            <td className={`${cell} text-base font-bold`}>{money(report.netVatDue)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
