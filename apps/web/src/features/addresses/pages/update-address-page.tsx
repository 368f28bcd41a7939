import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AddressMessages } from '@bookshop/contracts/addresses';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
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
  useDocumentTitle('Update Address');
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <div className="grid max-w-3xl gap-6 py-6">
      <h1 className="font-serif text-3xl font-semibold text-stone-900">Update Address</h1>
      {valid ? <UpdateAddress id={id} /> : <AddressNotFound />}
    </div>
  );
}

function UpdateAddress({ id }: { id: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const address = useAddress(id);
  const update = useUpdateAddress();

  // A stale copy is refreshed before the form starts from it, so no one edits an old version.
  if (address.isPending || (address.isFetching && address.isStale)) {
    return <Spinner label="Loading address" className="size-8" />;
  }
  if (address.isError) {
    if (address.error instanceof ApiError && address.error.status === 404) return <AddressNotFound />;
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-lg font-semibold text-rose-900">{Messages.listError}</p>
        <Button variant="secondary" onClick={() => void address.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <AddressForm
      address={address.data}
      isFirst={false}
      pending={update.isPending}
      submitLabel="Save Changes"
      onSubmit={(values, setError) =>
        update.mutate(
          { ...values, id },
          {
            onSuccess: () => {
              toast.success('Address updated.');
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
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-lg text-stone-800">{AddressMessages.notFound}</p>
      <Link to={`${Routes.account}#addresses`} className={buttonClasses({ variant: 'secondary' })}>
        Back to Your Addresses
      </Link>
    </div>
  );
}
