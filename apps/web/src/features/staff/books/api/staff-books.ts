import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Book } from '@bookshop/contracts/catalogue';
import type { StaffBook, StaffBookPage, StaffBookQuery } from '@bookshop/contracts/book-admin';
import { api, apiUpload, toQueryString, type UploadProgress } from '../../../../lib/api-client.ts';
import { staffBookKeys } from '../../../../lib/query-keys.ts';

export function useStaffBooks(query: StaffBookQuery) {
  return useQuery({
    queryKey: staffBookKeys.list(query),
    queryFn: ({ signal }) => api<StaffBookPage>(`v1/staff/books${toQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useBookForUpdate(id: number | null) {
  return useQuery({
    queryKey: staffBookKeys.forUpdate(id),
    queryFn: ({ signal }) => api<StaffBook>(`v1/books/book-for-update/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    // A 404 is a page state (the book does not exist), not a toast.
    meta: { errorToast: false },
  });
}

export type SaveBookInput = { method: 'POST' | 'PUT'; form: FormData; onProgress: (p: UploadProgress) => void };

/** POST (add) or PUT (update) `v1/books` as multipart, reporting upload progress. */
export function useSaveBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, form, onProgress }: SaveBookInput) =>
      apiUpload<Book>('v1/books', { method, body: form, onProgress }),
    onSuccess: () => {
      // Lists, the book's pages and the author/genre lists (a new one may exist now) are stale.
      void queryClient.invalidateQueries();
    },
  });
}
