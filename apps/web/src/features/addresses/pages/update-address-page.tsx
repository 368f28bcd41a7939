import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useSpecText, useT } from '../../../lib/i18n/i18n.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useAddress } from '../api/get-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { AddressForm, showServerFieldErrors } from '../components/address-form.tsx';
import { returnPathOf } from '../lib/return-path.ts';

/** /update-address/:id (logged-in customers). */
export function UpdateAddressPage() {
  const t = useT();
  useDocumentTitle(t('addresses.update'));
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <div className="grid max-w-3xl gap-6 py-6">
      <h1 className="font-serif text-3xl font-semibold text-stone-900">{t('addresses.update')}</h1>
      {valid ? <UpdateAddress id={id} /> : <AddressNotFound />}
    </div>
  );
}

function UpdateAddress({ id }: { id: number }) {
  const t = useT();
  const specText = useSpecText();
  const navigate = useNavigate();
  const location = useLocation();
  const address = useAddress(id);
  const update = useUpdateAddress();

  // A stale copy is refreshed before the form starts from it, so no one edits an old version.
  if (address.isPending || (address.isFetching && address.isStale)) {
    return <Spinner label={t('addresses.loadingAddress')} className="size-8" />;
  }
  if (address.isError) {
    if (address.error instanceof ApiError && address.error.status === 404) return <AddressNotFound />;
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-lg font-semibold text-rose-900">{specText('listError')}</p>
        <Button variant="secondary" onClick={() => void address.refetch()}>
          {t('addresses.tryAgain')}
        </Button>
      </div>
    );
  }
  return (
    <AddressForm
      address={address.data}
      isFirst={false}
      pending={update.isPending}
      submitLabel={t('addresses.saveChanges')}
      onSubmit={(values, setError) =>
        update.mutate(
          { ...values, id },
          {
            onSuccess: () => {
              toast.success(t('addresses.updated'));
              void navigate(returnPathOf(location.state));
            },
            onError: (error) => showServerFieldErrors(error, setError),
          },
        )
      }
    />
  );
}

function AddressNotFound() {
  const t = useT();
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-lg text-stone-800">{t('addresses.notFound')}</p>
      <Link to={`${Routes.account}#addresses`} className={buttonClasses({ variant: 'secondary' })}>
        {t('addresses.backToList')}
      </Link>
    </div>
  );
}
