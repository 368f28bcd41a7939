import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BookAdminMessages, BookIdSchema, type StaffBook } from '@bookshop/contracts/book-admin';
import { Permission } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../../lib/api-client.ts';
import { buttonClasses } from '../../../../ui/button.tsx';
import { Spinner } from '../../../../ui/spinner.tsx';
import { toast } from '../../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../../ui/use-document-title.ts';
import { useDashboardViewer } from '../../components/dashboard-layout.tsx';
import { useBookForUpdate, useSaveBook } from '../api/staff-books.ts';
import { BookForm } from '../components/book-form.tsx';
import { NotAllowed } from '../components/not-allowed.tsx';
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
  return <UpdateForm key={book.data.id} book={book.data} />;
}

function UpdateForm({ book: loaded }: { book: StaffBook }) {
  const save = useSaveBook();
  // After a save the form starts again from what the server answered (its image URLs included).
  const [saved, setSaved] = useState({ book: loaded, version: 0 });
  const book = saved.book;
  return (
    <section className="grid gap-6">
      <h1 className="text-3xl font-bold text-stone-900">Update Book</h1>
      <BookForm
        key={saved.version}
        submitLabel="Save Book"
        initialValues={{
          title: book.title,
          description: book.description,
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
        extraFields={async (images) => {
          const parts = await updateImageParts(images);
          return { ...parts, fields: { ...parts.fields, id: String(book.id) } };
        }}
        onSave={async (form, onProgress) => {
          const answer = await save.mutateAsync({ method: 'PUT', form, onProgress });
          toast.success(BookAdminMessages.updated);
          setSaved((state) => ({ book: { ...state.book, ...answer }, version: state.version + 1 }));
        }}
      />
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
