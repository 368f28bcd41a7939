import { Link } from 'react-router';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';

/** The admin header's who-is-this: avatar (or the user name's first letter) and user name, linking to the profile. */
export function DashboardUser({ viewer }: { viewer: Pick<LoggedInUser, 'userName' | 'imageUrl' | 'role'> }) {
  return (
    <Link to={Routes.adminProfile} className="flex items-center gap-3 rounded-full py-1 ps-1 pe-3 hover:bg-stone-100">
      <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand font-bold text-white uppercase">
        {viewer.imageUrl ? (
          <img src={viewer.imageUrl} alt="" className="size-full object-cover" />
        ) : (
          <span aria-hidden="true">{[...viewer.userName][0] ?? '?'}</span>
        )}
      </span>
      <span className="grid text-sm leading-tight">
        <span className="font-semibold text-stone-900">
          <span className="sr-only">Your profile: </span>
          {viewer.userName}
        </span>
        <span className="text-stone-600">{viewer.role}</span>
      </span>
    </Link>
  );
}
