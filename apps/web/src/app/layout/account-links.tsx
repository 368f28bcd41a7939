import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { isCustomer, logout } from '../../features/auth/session/session-store.ts';
import { Button, buttonClasses } from '../../ui/button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';

/** Customers' avatar opens their account; staff have no customer account, so theirs opens their profile. */
export const accountPathOf = (user: LoggedInUser) => (isCustomer(user) ? Routes.account : Routes.adminProfile);

/** Spec section 2: the profile avatar, the user's image or else the first letter of their user name. */
export function ProfileAvatar({ user, className = 'size-10' }: { user: LoggedInUser; className?: string }) {
  const [broken, setBroken] = useState(false);
  const t = useT();
  return (
    <Link
      to={accountPathOf(user)}
      aria-label={t('account.avatar', { userName: user.userName })}
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand text-lg font-bold text-white uppercase ${className}`}
    >
      {user.imageUrl && !broken ? (
        <img
          src={user.imageUrl}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
          className="size-full object-cover"
        />
      ) : (
        <span aria-hidden="true">{[...user.userName][0] ?? '?'}</span>
      )}
    </Link>
  );
}

/** Logs out (spec section 4) and returns to the shop's home page. */
export function LogoutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const t = useT();
  const onClick = async () => {
    setPending(true);
    // Leave first, so an account page's guard does not send the visitor to /login instead.
    await navigate(Routes.home);
    await logout();
    onDone?.();
  };
  return (
    <Button variant="ghost" className={className} pending={pending} onClick={() => void onClick()}>
      {t('account.logout')}
    </Button>
  );
}

/** Login and Register, for visitors who are not logged in. */
export function LoginRegisterLinks({ onNavigate, wide = false }: { onNavigate?: () => void; wide?: boolean }) {
  const grow = wide ? 'flex-1' : '';
  const t = useT();
  return (
    <>
      <Link
        to={Routes.login}
        onClick={onNavigate}
        className={buttonClasses({ variant: wide ? 'secondary' : 'ghost', className: grow })}
      >
        {t('account.login')}
      </Link>
      <Link to={Routes.register} onClick={onNavigate} className={buttonClasses({ className: grow })}>
        {t('account.register')}
      </Link>
    </>
  );
}
