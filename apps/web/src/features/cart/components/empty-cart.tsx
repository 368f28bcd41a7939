import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { buttonClasses } from '../../../ui/button.tsx';
import { CartIcon } from '../../../ui/icons.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';

export function EmptyCart() {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
      <CartIcon className="size-12 text-stone-400" strokeWidth={1.5} />
      <p className="text-xl font-semibold text-stone-900">{t('cart.empty')}</p>
      <p className="max-w-md text-stone-600">{t('cart.emptyHint')}</p>
      <Link to={Routes.home} className={buttonClasses({ size: 'lg' })}>
        {t('cart.browse')}
      </Link>
    </div>
  );
}
