import { useWatch, type UseFormSetError } from 'react-hook-form';
import { Link } from 'react-router';
import {
  CreateAddressSchema,
  DEFAULT_ADDRESS_COUNTRY,
  UpdateAddressSchema,
  type Address,
  type AddressForm as AddressFormValues,
  type CreateAddress,
} from '@bookshop/contracts/addresses';
import { EMIRATE_COUNTRY, EMIRATES, emirateOfCity } from '@bookshop/contracts/emirates';
import { Routes } from '@bookshop/contracts/routes';
import { setServerFieldErrors } from '../../../lib/field-errors.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { CheckboxField, SelectField, TextField } from '../../../ui/form-fields.tsx';
import { useCountries } from '../api/get-countries.ts';
import { useCountryName } from '../lib/place-names.ts';

const FIELDS = ['address', 'country', 'city', 'emirate', 'phoneNo', 'zipCode', 'recipientName', 'isMain'] as const;

/** Spec section 8 toasts every failure; field errors of a 400 also show under their fields. */
export function showServerFieldErrors(error: unknown, setError: UseFormSetError<AddressFormValues>) {
  setServerFieldErrors(error, FIELDS, setError);
}

type AddressFormProps = {
  /** The address being changed; absent when adding. */
  address?: Address;
  /** The customer has no address yet: this one becomes main whatever the box says (decision 012). */
  isFirst: boolean;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: CreateAddress, setError: UseFormSetError<AddressFormValues>) => void;
  /** Cancel: absent → a link back to the address list; a function → a button (inline forms); null → none. */
  onCancel?: (() => void) | null;
};

/**
 * Address, country, city (and the emirate, for the UAE), phone, optional zip code and recipient,
 * and the main flag; validated on every change.
 */
export function AddressForm({ address, isFirst, pending, submitLabel, onSubmit, onCancel }: AddressFormProps) {
  const t = useT();
  const countryName = useCountryName();
  const countries = useCountries();
  const schema = address ? UpdateAddressSchema : CreateAddressSchema;
  const lockedMain = isFirst || address?.isMain === true;
  const { field, control, handleSubmit, setError, trigger, getFieldState, setValue } = useSchemaForm<
    AddressFormValues,
    CreateAddress
  >(
    // The update schema also checks the id, carried in the values but not shown.
    schema as typeof CreateAddressSchema,
    {
      ...(address && { id: address.id }),
      address: address?.address ?? '',
      country: address?.country ?? DEFAULT_ADDRESS_COUNTRY,
      city: address?.city ?? '',
      emirate: address?.emirate ?? '',
      recipientName: address?.recipientName ?? '',
      phoneNo: address?.phoneNo ?? '',
      zipCode: address?.zipCode ?? '',
      isMain: lockedMain || (address?.isMain ?? false),
    },
  );

  // Controlled, so the saved country shows once the options arrive: an uncontrolled select
  // would keep the placeholder, having had no matching option when it was first given the value.
  // Until then it shows the placeholder: given a value no option has, the select would look
  // edited to react-hook-form, which takes an edited field's value from the page (autofill), ''.
  const chosenCountry = useWatch({ control, name: 'country' });
  const country = field('country', {
    // A phone number is judged for its country: choosing another one re-checks a typed number.
    onChange: () => {
      if (getFieldState('phoneNo').isDirty) void trigger('phoneNo');
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, setError))} className="grid gap-5">
      <TextField
        label={t('addressForm.address')}
        autoComplete="street-address"
        dir="auto"
        hint={t('addressForm.addressHint')}
        {...field('address')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('addressForm.country')}
          autoComplete="country"
          disabled={countries.isPending}
          {...country}
          error={country.error ?? (countries.isError ? t('addressForm.countriesFailed') : undefined)}
          value={countries.data ? chosenCountry : ''}
        >
          <option value="">
            {t(countries.isPending ? 'addressForm.loadingCountries' : 'addressForm.chooseCountry')}
          </option>
          {countries.data?.map((option) => (
            <option key={option.code} value={option.code}>
              {countryName(option.code, option.name)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('addressForm.city')}
          autoComplete="address-level2"
          dir="auto"
          {...field('city', {
            // A city that names an emirate ('Al Ain') chooses it; the customer may choose another after.
            onChange: (event: { target: { value: string } }) => {
              const named = emirateOfCity(event.target.value);
              if (named) setValue('emirate', named, { shouldValidate: true });
            },
          })}
        />
        {chosenCountry === EMIRATE_COUNTRY && (
          // Where next-day delivery goes, and the VAT return, are decided by emirate (decision 079).
          <SelectField
            label={t('addressForm.emirate')}
            autoComplete="address-level1"
            hint={t('addressForm.emirateHint')}
            {...field('emirate')}
          >
            <option value="">{t('addressForm.chooseEmirate')}</option>
            {EMIRATES.map((emirate) => (
              <option key={emirate} value={emirate}>
                {t(`emirate.${emirate}`)}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label={t('addressForm.phone')}
          type="tel"
          autoComplete="tel"
          dir="ltr"
          hint={t('addressForm.phoneHint')}
          {...field('phoneNo')}
        />
        <TextField label={t('addressForm.zipCode')} autoComplete="postal-code" dir="auto" {...field('zipCode')} />
        <TextField
          label={t('addressForm.recipient')}
          autoComplete="name"
          dir="auto"
          hint={t('addressForm.recipientHint')}
          {...field('recipientName')}
        />
      </div>
      <CheckboxField
        label={t('addressForm.makeMain')}
        disabled={lockedMain}
        hint={
          isFirst
            ? t('addressForm.firstIsMain')
            : address?.isMain
              ? t('addressForm.isMain')
              : t('addressForm.mainFirst')
        }
        {...field('isMain')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" pending={pending}>
          {submitLabel}
        </Button>
        {onCancel === undefined ? (
          <Link to={`${Routes.account}#addresses`} className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {t('addressForm.cancel')}
          </Link>
        ) : (
          onCancel && (
            <Button variant="secondary" size="lg" onClick={onCancel}>
              {t('addressForm.cancel')}
            </Button>
          )
        )}
      </div>
    </form>
  );
}
