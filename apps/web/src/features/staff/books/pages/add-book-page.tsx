import { useNavigate } from 'react-router';
import { BookAdminMessages } from '@bookshop/contracts/book-admin';
import { Permission } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { toast } from '../../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../../ui/use-document-title.ts';
import { useDashboardViewer } from '../../components/dashboard-layout.tsx';
import { useSaveBook } from '../api/staff-books.ts';
import { BookForm } from '../components/book-form.tsx';
import { NotAllowed } from '../components/not-allowed.tsx';

/** /admin/dashboard/add-book (books:manage). */
export function AddBookPage() {
  useDocumentTitle('Add Book');
  const viewer = useDashboardViewer();
  const save = useSaveBook();
  const navigate = useNavigate();
  if (!viewer.permissions.includes(Permission.ManageBooks)) return <NotAllowed title="Add Book" what="add books" />;
  return (
    <section className="grid gap-6">
      <h1 className="text-3xl font-bold text-stone-900">Add Book</h1>
      <BookForm
        submitLabel="Add Book"
        onSave={async (form, onProgress) => {
          await save.mutateAsync({ method: 'POST', form, onProgress });
          toast.success(BookAdminMessages.created);
          // The table lists newest first, so the new book is at its top.
          setTimeout(() => void navigate(Routes.adminBooks));
        }}
      />
    </section>
  );
}
