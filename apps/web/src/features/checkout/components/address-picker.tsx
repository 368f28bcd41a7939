import type { ReactNode } from 'react';
import type { Address } from '@bookshop/contracts/addresses';
import { EMIRATE_COUNTRY } from '@bookshop/contracts/emirates';
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';
import { Button } from '../../../ui/button.tsx';
import { PlusIcon } from '../../../ui/icons.tsx';
import { countryNameIn } from '../lib/country-name.ts';

type AddressPickerProps = {
  addresses: Address[];
  chosenId: number | undefined;
  onChoose: (id: number) => void;
  /** The new-address form is open (it is rendered in `newAddressForm`). */
  adding: boolean;
  onAdd: () => void;
  newAddressForm: ReactNode;
  disabled: boolean;
  error?: string;
};

/** One radio per saved address (main first, preselected), and 'Add new address' opening the form inline. */
export function AddressPicker({
  addresses,
  chosenId,
  onChoose,
  adding,
  onAdd,
  newAddressForm,
  disabled,
  error,
}: AddressPickerProps) {
  const t = useT();
  const locale = useLocale();
  const comma = locale === 'ar' ? '، ' : ', ';
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? 'checkout-address-error' : undefined}>
      <legend className="mb-3 text-lg font-bold text-stone-900">{t('checkout.address.legend')}</legend>
      {addresses.length > 0 && (
        <div className="grid gap-3 md:grid-cols-2">
          {addresses.map((address) => (
            <label
              key={address.id}
              className="flex cursor-pointer gap-3 rounded-lg border border-stone-200 bg-white p-4 has-checked:border-brand has-checked:ring-1 has-checked:ring-brand"
            >
              <input
                type="radio"
                name="checkout-address"
                value={address.id}
                checked={chosenId === address.id}
                onChange={() => onChoose(address.id)}
                disabled={disabled}
                className="mt-1 size-4 shrink-0 accent-brand"
              />
              <span className="grid content-start gap-0.5 text-sm text-stone-800">
                <span className="font-semibold text-stone-900">{address.address}</span>
                <span>
                  {address.city}
                  {address.zipCode && ` ${address.zipCode}`}
                  {comma}
                  {address.country === EMIRATE_COUNTRY &&
                    `${address.emirate ? t(`emirate.${address.emirate}`) : t('emirate.notGiven')}${comma}`}
                  {countryNameIn(locale, address.country)}
                </span>
                {address.recipientName && (
                  <span>{t('checkout.address.recipient', { name: address.recipientName })}</span>
                )}
                <span className="text-stone-600">
                  <bdi dir="ltr">{address.phoneNo}</bdi>
                </span>
                {address.isMain && (
                  <span className="mt-1 justify-self-start rounded-full bg-brand-soft px-2 py-0.5 text-xs font-bold text-brand">
                    {t('checkout.address.main')}
                  </span>
                )}
              </span>
            </label>
          ))}
        </div>
      )}
      {adding ? (
        <div className="rounded-lg border border-stone-200 bg-white p-4 sm:p-5">{newAddressForm}</div>
      ) : (
        <Button variant="secondary" className="justify-self-start" onClick={onAdd} disabled={disabled}>
          <PlusIcon className="size-4" />
          {t('checkout.address.add')}
        </Button>
      )}
      {error && (
        <p id="checkout-address-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
