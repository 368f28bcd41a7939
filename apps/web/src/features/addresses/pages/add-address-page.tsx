import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useAddresses } from '../api/get-addresses.ts';
import { AddressForm, showServerFieldErrors } from '../components/address-form.tsx';
import { returnPathOf } from '../lib/return-path.ts';

/** /add-address (logged-in customers). */
export function AddAddressPage() {
  const t = useT();
  useDocumentTitle(t('addresses.add'));
  const navigate = useNavigate();
  const location = useLocation();
  const addresses = useAddresses();
  const create = useCreateAddress();

  return (
    <div className="grid max-w-3xl gap-6 py-6">
      <h1 className="font-serif text-3xl font-semibold text-stone-900">{t('addresses.add')}</h1>
      {addresses.isPending ? (
        <Spinner label={t('addresses.loadingPage')} className="size-8" />
      ) : (
        <AddressForm
          isFirst={addresses.data?.length === 0}
          pending={create.isPending}
          submitLabel={t('addresses.save')}
          onSubmit={(values, setError) =>
            create.mutate(values, {
              onSuccess: () => {
                toast.success(t('addresses.added'));
                void navigate(returnPathOf(location.state));
              },
              onError: (error) => showServerFieldErrors(error, setError),
            })
          }
        />
      )}
    </div>
  );
}
