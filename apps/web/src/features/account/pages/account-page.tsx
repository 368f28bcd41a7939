import { useEffect, type ReactNode } from 'react';
import type { CustomerProfile } from '@bookshop/contracts/auth';
import { useLocation } from 'react-router';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useProfile } from '../api/get-profile.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { DeleteAccountSection } from '../components/delete-account-section.tsx';
import { CustomerProfileForm } from '../components/profile-form.tsx';
import { SetPasswordNote } from '../components/set-password-note.tsx';
import { LoadError } from '../../../ui/load-error.tsx';

type AccountPageProps = {
  /** The address list, from the addresses feature (app/ composes them); renders its own section with id "addresses". */
  addressBook: ReactNode;
  /** The customer's orders, from the orders feature; renders its own section with id "orders". */
  ordersSection: ReactNode;
  /** The customer's reviews, from the reviews feature; renders its own section with id "reviews". */
  reviewsSection: ReactNode;
  /** The customer's support tickets, from the support feature; renders its own section with id "support". */
  supportSection: ReactNode;
  /**
   * The Google sign-in section for this profile, from the auth feature (app/ composes it); renders
   * its own section, or nothing when Google sign-in is off.
   */
  googleSignInSection: (profile: CustomerProfile) => ReactNode;
  /** The profile changed: the header's avatar and user name should follow. */
  onProfileSaved: () => void;
  /** The account is gone: log out and go home. */
  onAccountDeleted: () => void;
};

const SECTIONS = [
  { id: 'profile', label: 'accountPage.profile' },
  { id: 'orders', label: 'accountPage.orders' },
  { id: 'reviews', label: 'accountPage.reviews' },
  { id: 'addresses', label: 'accountPage.addresses' },
  { id: 'support', label: 'accountPage.support' },
  { id: 'password', label: 'accountPage.password' },
  { id: 'delete-account', label: 'accountPage.deleteAccount' },
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-20 gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /account#addresses (where the address forms return) or #orders shows that section. The layout scrolls to
 * the top after its children's effects, so this waits a frame, and for the profile above it.
 */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.(),
    );
    return () => cancelAnimationFrame(frame);
  }, [hash, ready]);
}

const card = 'rounded-xl border border-stone-200 bg-white p-5 sm:p-6';

/** /account (logged-in customers): profile, orders, reviews, addresses, support, password and account deletion. */
export function AccountPage({
  addressBook,
  ordersSection,
  reviewsSection,
  supportSection,
  googleSignInSection,
  onProfileSaved,
  onAccountDeleted,
}: AccountPageProps) {
  const t = useT();
  useDocumentTitle(t('accountPage.title'));
  const profile = useProfile();
  useScrollToHash(!profile.isPending);
  // How to change the password and confirm deletion depends on whether the account has one.
  const hasPassword = profile.data?.hasPassword;

  return (
    <div className="grid gap-6 py-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
      <div className="grid content-start gap-4 lg:sticky lg:top-20 lg:self-start">
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{t('accountPage.title')}</h1>
        <nav aria-label={t('accountPage.sections')}>
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="block rounded-md px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
                >
                  {t(section.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className="grid gap-10">
        <Section id="profile" title={t('accountPage.profile')}>
          <div className={card}>
            {profile.isPending ? (
              <Spinner label={t('accountPage.loadingProfile')} />
            ) : profile.isError ? (
              <LoadError onRetry={() => profile.refetch()} />
            ) : (
              <CustomerProfileForm profile={profile.data} onSaved={onProfileSaved} />
            )}
          </div>
        </Section>

        {ordersSection}

        {reviewsSection}

        {addressBook}

        {supportSection}

        <Section id="password" title={t(hasPassword === false ? 'accountPage.password' : 'accountPage.changePassword')}>
          {hasPassword !== undefined && (
            <div className={card}>{hasPassword ? <ChangePasswordForm /> : <SetPasswordNote />}</div>
          )}
        </Section>

        {profile.data && googleSignInSection(profile.data)}

        <Section id="delete-account" title={t('accountPage.deleteAccount')}>
          {hasPassword !== undefined && (
            <div className={card}>
              <DeleteAccountSection hasPassword={hasPassword} onDeleted={onAccountDeleted} />
            </div>
          )}
        </Section>
      </div>
    </div>
  );
}
