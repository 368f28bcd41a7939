import type { MouseEvent } from 'react';
import { TaxDocumentMessages, type Order } from '@bookshop/contracts/orders';
import type { OrderDocument } from '@bookshop/contracts/vat';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { buttonClasses } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDownloadDocument } from '../api/download-document.ts';
import { orderCard } from './order-details.tsx';

const label = (document: OrderDocument) =>
  document.type === 'invoice'
    ? TaxDocumentMessages.downloadInvoice
    : TaxDocumentMessages.downloadCreditNote(document.number);

/**
 * The order's tax invoice and credit notes (decision 085), for its customer and for staff: each a
 * link to its PDF, fetched with the signed-in session's token and saved under its number.
 */
export function OrderDocuments({ order }: { order: Pick<Order, 'documents'> }) {
  return order.documents.length === 0 ? null : <DocumentList documents={order.documents} />;
}

function DocumentList({ documents }: { documents: OrderDocument[] }) {
  const download = useDownloadDocument();
  const open = (event: MouseEvent, document: OrderDocument) => {
    event.preventDefault();
    download.mutate(document);
  };
  return (
    <section aria-labelledby="order-documents-title" className={orderCard}>
      <h2 id="order-documents-title" className="text-lg font-bold text-stone-900">
        Invoices
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
              {document.number} · <time dateTime={document.issuedAt}>{formatDateTime(document.issuedAt)}</time> ·{' '}
              {formatPrice(document.total)}
              {document.vatAmount > 0 && ` (VAT ${formatPrice(document.vatAmount)})`}
            </p>
          </li>
        ))}
      </ul>
      {download.isError && (
        <p role="alert" className="text-sm font-semibold text-rose-900">
          {TaxDocumentMessages.downloadFailed}
        </p>
      )}
    </section>
  );
}
