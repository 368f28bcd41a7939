import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BookAdminMessages, BookIdSchema, type StaffBook } from '@bookshop/contracts/book-admin';
import { Permission } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../../lib/api-client.ts';
import { Button, buttonClasses } from '../../../../ui/button.tsx';
import { Spinner } from '../../../../ui/spinner.tsx';
import { toast } from '../../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../../ui/use-document-title.ts';
import { useDashboardViewer } from '../../components/dashboard-layout.tsx';
import { useBookForUpdate, useSaveBook } from '../api/staff-books.ts';
import { BookForm } from '../components/book-form.tsx';
import { NotAllowed } from '../components/not-allowed.tsx';
import { StockLedger } from '../components/stock-ledger.tsx';
import { updateImageParts } from '../lib/image-parts.ts';

/** /admin/dashboard/update-book/{id} (books:manage). */
export function UpdateBookPage() {
  useDocumentTitle('Update Book');
  const viewer = useDashboardViewer();
  const parsed = BookIdSchema.safeParse(useParams().id);
  const id = parsed.success ? parsed.data : null;
  const allowed = viewer.permissions.includes(Permission.ManageBooks);
  const book = useBookForUpdate(allowed ? id : null);

  if (!allowed) return <NotAllowed title="Update Book" what="change books" />;
  if (id === null || (book.error instanceof ApiError && book.error.status === 404)) return <BookNotFound />;
  if (book.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading the book" className="size-8" />
      </div>
    );
  if (book.isError)
    return (
      <p role="alert" className="py-10 text-center">
        The book could not be loaded. Please try again later.
      </p>
    );
  return <UpdateForm key={book.data.id} book={book.data} reload={async () => (await book.refetch()).data} />;
}

/** The stock figure moved since the form was opened: the save's 409 names the stock field (decision 077). */
const isStaleStock = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && Boolean(error.problem.errors?.stockQuantity);

function UpdateForm({ book: loaded, reload }: { book: StaffBook; reload: () => Promise<StaffBook | undefined> }) {
  const save = useSaveBook();
  // After a save the form starts again from what the server answered (its image URLs included).
  const [saved, setSaved] = useState({ book: loaded, version: 0 });
  const [staleStock, setStaleStock] = useState(false);
  const [reloading, setReloading] = useState(false);
  // The stock after copies were received below the form, for a stock field staff left alone.
  const [liveStock, setLiveStock] = useState<number>();
  const book = saved.book;
  const adoptStock = useCallback(
    (stock: number) => setSaved((state) => ({ ...state, book: { ...state.book, stockQuantity: stock } })),
    [],
  );
  const reloadBook = async () => {
    setReloading(true);
    try {
      const fresh = await reload();
      if (fresh) {
        setSaved((state) => ({ book: fresh, version: state.version + 1 }));
        setLiveStock(undefined);
        setStaleStock(false);
      }
    } finally {
      setReloading(false);
    }
  };
  return (
    <section className="grid gap-6">
      <h1 className="text-3xl font-bold text-stone-900">Update Book</h1>
      {staleStock && (
        <div role="alert" className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-stone-900">
          <p>
            The stock of this book changed while you had it open (copies were sold, released or received), so nothing
            was saved. Reload the book to see its stock now, then make your changes again.
          </p>
          <p>
            <Button variant="secondary" onClick={() => void reloadBook()} disabled={reloading}>
              Reload the book
            </Button>
          </p>
        </div>
      )}
      <BookForm
        key={saved.version}
        submitLabel="Save Book"
        initialValues={{
          title: book.title,
          titleAr: book.titleAr ?? '',
          description: book.description,
          descriptionAr: book.descriptionAr ?? '',
          isbn: book.isbn,
          price: String(book.price),
          discountPercentage: String(book.discountPercentage),
          stockQuantity: String(book.stockQuantity),
          isNextDayDeliveryEligible: book.isNextDayDeliveryEligible,
          isActive: book.isActive,
          authors: book.authors.map((a) => a.id),
          genres: book.genres.map((g) => g.id),
          mainImageIndex: book.mainImageIndex,
        }}
        initialImages={book.imageUrls.map((url) => ({ key: url, kind: 'existing', url }))}
        initialMainIndex={book.mainImageIndex}
        knownAuthors={book.authors}
        knownGenres={book.genres}
        liveStock={liveStock}
        onStockAdopted={adoptStock}
        extraFields={async (images) => {
          const parts = await updateImageParts(images);
          // The stock the form was opened with: the save changes the stock by the difference, or
          // is refused if the stock moved meanwhile; it never writes the figure it read (decision 077).
          return {
            ...parts,
            fields: { ...parts.fields, id: String(book.id), originalStockQuantity: String(book.stockQuantity) },
          };
        }}
        onSave={async (form, onProgress) => {
          try {
            const answer = await save.mutateAsync({ method: 'PUT', form, onProgress });
            toast.success(BookAdminMessages.updated);
            setStaleStock(false);
            setLiveStock(undefined);
            setSaved((state) => ({ book: { ...state.book, ...answer }, version: state.version + 1 }));
          } catch (error) {
            if (isStaleStock(error)) setStaleStock(true);
            throw error;
          }
        }}
      />
      <StockLedger bookId={book.id} title={book.title} onReceived={setLiveStock} />
    </section>
  );
}

function BookNotFound() {
  return (
    <section className="grid gap-4">
      <h1 className="text-3xl font-bold text-stone-900">Book not found</h1>
      <p>{BookAdminMessages.notFound}</p>
      <p>
        <Link to={Routes.adminBooks} className={buttonClasses({ variant: 'secondary' })}>
          Back to Books
        </Link>
      </p>
    </section>
  );
}
