import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AccountMessages } from '@bookshop/contracts/account';
import { describe, expect, it } from 'vitest';
import { allMessages } from '../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../lib/i18n/i18n.tsx';
import type { Locale } from '../lib/i18n/locale.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { Dialog } from './dialog.tsx';
import { EmailField, PasswordField } from './form-fields.tsx';
import { LoadError } from './load-error.tsx';
import { OrderTotals } from './order-summary.tsx';

/* The shared components of ui/ in the page's language (decisions 092, 093). */

const i18ns = { en: createI18n('en', allMessages('en')), ar: createI18n('ar', allMessages('ar')) };
const renderIn = (locale: Locale, children: ReactNode) =>
  render(<I18nProvider i18n={i18ns[locale]}>{children}</I18nProvider>);

const amounts = { itemsTotal: 100, discountTotal: 0, deliveryFee: 0, codFee: 10, total: 110 };

function Components() {
  return (
    <>
      <EmailField />
      <PasswordField label="Password" />
      <LoadError onRetry={() => {}} />
      <OrderTotals amounts={amounts} deliveryLabel="Delivery" />
      <AvatarPicker
        userName="dora"
        currentUrl="/images/dora.png"
        file={null}
        removing={false}
        error={AccountMessages.imageType}
        onChange={() => {}}
      />
      <Dialog title="A dialog" onClose={() => {}}>
        <p>Inside</p>
      </Dialog>
    </>
  );
}

describe('the shared components', () => {
  it('speak Arabic on an Arabic page, a contracts’ message included', () => {
    renderIn('ar', <Components />);
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'إظهار password' })).toBeInTheDocument();
    expect(screen.getByText('حدث خطأ!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حاول مرة أخرى' })).toBeInTheDocument();
    for (const text of ['إجمالي الكتب', 'الخصم', 'مجاني', 'رسوم الدفع عند الاستلام', 'الإجمالي'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'صورتك الرمزية' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'احذف الصورة' })).toBeInTheDocument();
    expect(screen.getByText('اختر صورة بصيغة PNG أو JPEG أو JPG أو GIF أو WebP.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إغلاق النافذة' })).toBeInTheDocument();
  });

  it('keep their English on an English page', () => {
    renderIn('en', <Components />);
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByText('An Error Has Occurred!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    for (const text of ['Items total', 'Discount', 'Free', 'Cash on delivery fee', 'Total'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your avatar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Avatar' })).toBeInTheDocument();
    expect(screen.getByText(AccountMessages.imageType)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });
});
