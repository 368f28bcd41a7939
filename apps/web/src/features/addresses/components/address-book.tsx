import { useState } from 'react';
import { Link } from 'react-router';
import type { Address } from '@bookshop/contracts/addresses';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useAddresses } from '../api/get-addresses.ts';
import { useSetMainAddress } from '../api/set-main-address.ts';
import { EMIRATE_COUNTRY } from '@bookshop/contracts/emirates';
import { LoadError } from '../../../ui/load-error.tsx';
import { useCountryName, useEmirateName } from '../lib/place-names.ts';

const updatePath = (id: number) => Routes.updateAddress.replace(':id', String(id));

/** The customer's delivery addresses (on /account): set main and delete are optimistic (spec section 4). */
export function AddressBook({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = useT();
  const countryName = useCountryName();
  const emirateName = useEmirateName();
  const addresses = useAddresses();
  const setMain = useSetMainAddress();
  const remove = useDeleteAddress();
  const [confirming, setConfirming] = useState<Address | null>(null);
  const Heading = `h${headingLevel}` as const;

  return (
    <section id="addresses" aria-labelledby="addresses-title" className="grid scroll-mt-20 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="addresses-title" className="text-xl font-bold text-stone-900">
          {t('accountPage.addresses')}
        </Heading>
        <Link to={Routes.addAddress} className={buttonClasses({ size: 'sm' })}>
          {t('addresses.add')}
        </Link>
      </div>

      {addresses.isPending ? (
        <Spinner label={t('addresses.loading')} />
      ) : addresses.isError ? (
        <LoadError onRetry={() => addresses.refetch()} />
      ) : addresses.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-stone-700">
          {t('addresses.empty')}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {addresses.data.map((address) => (
            <li
              key={address.id}
              aria-label={`${address.address}${t('addresses.listSeparator')}${address.city}`}
              className={`grid gap-3 rounded-lg border bg-white p-4 ${address.isMain ? 'border-brand' : 'border-stone-200'}`}
            >
              <address className="grid gap-0.5 text-stone-800 not-italic">
                <bdi className="font-semibold text-stone-900">{address.address}</bdi>
                {address.recipientName && <span>{t('addresses.for', { name: address.recipientName })}</span>}
                <bdi>
                  {address.city}
                  {address.zipCode && ` ${address.zipCode}`}
                </bdi>
                <span>
                  {address.country === EMIRATE_COUNTRY &&
                    `${emirateName(address.emirate)}${t('addresses.listSeparator')}`}
                  {countryName(address.country)}
                </span>
                <bdi className="text-sm text-stone-600">{address.phoneNo}</bdi>
              </address>
              <div className="flex flex-wrap items-center gap-2">
                {address.isMain ? (
                  <span className="rounded-full bg-brand-soft px-3 py-1 text-xs font-bold text-brand">
                    {t('addresses.main')}
                  </span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={setMain.isPending}
                    onClick={() => setMain.mutate(address.id)}
                  >
                    {t('addresses.setMain')}
                    <span className="sr-only"> — {address.address}</span>
                  </Button>
                )}
                <Link to={updatePath(address.id)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                  {t('addresses.edit')}
                  <span className="sr-only"> — {address.address}</span>
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-800! hover:bg-red-50!"
                  onClick={() => setConfirming(address)}
                >
                  {t('addresses.delete')}
                  <span className="sr-only"> — {address.address}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {confirming && (
        <ConfirmDialog
          title={t('addresses.deleteTitle')}
          description={[confirming.address, confirming.city, countryName(confirming.country)].join(
            t('addresses.listSeparator'),
          )}
          cancelLabel={t('addresses.keep')}
          confirmLabel={t('addresses.deleteConfirm')}
          onConfirm={() => remove.mutate(confirming.id)}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
