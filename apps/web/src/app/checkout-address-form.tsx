import { useCreateAddress } from '../features/addresses/api/create-address.ts';
import { AddressForm, showServerFieldErrors } from '../features/addresses/components/address-form.tsx';
import type { NewAddressFormProps } from '../features/checkout/pages/checkout-page.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { toast } from '../ui/toast.tsx';

/**
 * 'Add new address' on /checkout: the addresses feature's form, inline. Loaded on demand, as it
 * brings the phone-number rules; the saved address joins the cached list and becomes the choice.
 */
export function CheckoutAddressForm({ isFirst, onSaved, onCancel }: NewAddressFormProps) {
  const create = useCreateAddress();
  const t = useT();
  return (
    <div className="grid gap-4">
      <h3 className="font-bold text-stone-900">{t('checkout.address.newHeading')}</h3>
      <AddressForm
        isFirst={isFirst}
        pending={create.isPending}
        submitLabel={t('checkout.address.save')}
        onCancel={onCancel ?? null}
        onSubmit={(values, setError) =>
          create.mutate(values, {
            onSuccess: (saved) => {
              toast.success(t('checkout.address.added'));
              onSaved(saved);
            },
            onError: (error) => showServerFieldErrors(error, setError),
          })
        }
      />
    </div>
  );
}
