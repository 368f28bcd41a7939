import type { MouseEvent } from 'react';
import type { Order } from '@bookshop/contracts/orders';
import type { OrderDocument } from '@bookshop/contracts/vat';
import { buttonClasses } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDownloadDocument } from '../api/download-document.ts';
import { useOrderWords } from '../lib/order-words.tsx';
import { orderCard } from './order-details.tsx';

/**
 * The order's tax invoice and credit notes (decision 085), for its customer and for staff: each a
 * link to its PDF, fetched with the signed-in session's token and saved under its number.
 */
export function OrderDocuments({ order }: { order: Pick<Order, 'documents'> }) {
  return order.documents.length === 0 ? null : <DocumentList documents={order.documents} />;
}

function DocumentList({ documents }: { documents: OrderDocument[] }) {
  const download = useDownloadDocument();
  const { t, price, dateTime } = useOrderWords();
  // TaxDocumentMessages' words (orders-catalogue.test.ts keeps the English equal to them).
  const label = (document: OrderDocument) =>
    document.type === 'invoice'
      ? t('orders.documents.invoice')
      : t('orders.documents.creditNote', { number: document.number });
  const open = (event: MouseEvent, document: OrderDocument) => {
    event.preventDefault();
    download.mutate(document);
  };
  return (
    <section aria-labelledby="order-documents-title" className={orderCard}>
      <h2 id="order-documents-title" className="text-lg font-bold text-stone-900">
        {t('orders.documents.title')}
      </h2>
      <ul className="grid gap-3">
        {documents.map((document) => (
          <li key={document.number} className="grid gap-1">
            <a
              href={document.url}
              download={`${document.number}.pdf`}
              onClick={(event) => open(event, document)}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'justify-self-start' })}
            >
              {download.isPending && download.variables?.number === document.number && (
                <Spinner label={null} className="size-4" />
              )}
              {label(document)}
            </a>
            <p className="text-sm text-stone-700">
              {document.number} · <time dateTime={document.issuedAt}>{dateTime(document.issuedAt)}</time> ·{' '}
              {price(document.total)}
              {document.vatAmount > 0 && ` ${t('orders.documents.vat', { amount: price(document.vatAmount) })}`}
            </p>
          </li>
        ))}
      </ul>
      {download.isError && (
        <p role="alert" className="text-sm font-semibold text-rose-900">
          {t('orders.documents.failed')}
        </p>
      )}
    </section>
  );
}
