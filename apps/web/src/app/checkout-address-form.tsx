import { useCreateAddress } from '../features/addresses/api/create-address.ts';
import { AddressForm, showServerFieldErrors } from '../features/addresses/components/address-form.tsx';
import type { NewAddressFormProps } from '../features/checkout/pages/checkout-page.tsx';
import { toast } from '../ui/toast.tsx';

/**
 * 'Add new address' on /checkout: the addresses feature's form, inline. Loaded on demand, as it
 * brings the phone-number rules; the saved address joins the cached list and becomes the choice.
 */
export function CheckoutAddressForm({ isFirst, onSaved, onCancel }: NewAddressFormProps) {
  const create = useCreateAddress();
  return (
    <div className="grid gap-4">
      <h3 className="font-bold text-stone-900">New address</h3>
      <AddressForm
        isFirst={isFirst}
        pending={create.isPending}
        submitLabel="Save Address"
        onCancel={onCancel ?? null}
        onSubmit={(values, setError) =>
          create.mutate(values, {
            onSuccess: (saved) => {
              toast.success('Address added.');
              onSaved(saved);
            },
            onError: (error) => showServerFieldErrors(error, setError),
          })
        }
      />
    </div>
  );
}
