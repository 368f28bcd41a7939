import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT, type RichTags } from '../../../lib/i18n/rich-text.tsx';
import { ContactLines, StaticPage } from '../components/static-page.tsx';
import { ShopDetails } from '../shop-details.ts';

const tags: RichTags = {
  privacy: (text) => <Link to={Routes.privacyPolicy}>{text}</Link>,
  shippingTerms: (text) => <Link to={Routes.shippingTerms}>{text}</Link>,
};

export function TermsOfUsePage() {
  const t = useT();
  const rich = useRichT();
  return (
    <StaticPage title={t('info.terms.title')} path={Routes.termsOfUse} intro={t('info.terms.intro')} showUpdated>
      <h2>{t('info.terms.whoTitle')}</h2>
      <p>{rich('info.terms.who', { legalName: t('info.shop.legalName'), address: t('info.shop.address') }, tags)}</p>

      <h2>{t('info.terms.accountTitle')}</h2>
      <p>{t('info.terms.account')}</p>

      <h2>{t('info.terms.pricesTitle')}</h2>
      <p>{t('info.terms.prices')}</p>

      <h2>{t('info.terms.ordersTitle')}</h2>
      <p>{t('info.terms.orders')}</p>

      <h2>{t('info.terms.paymentTitle')}</h2>
      <p>{t('info.terms.payment')}</p>

      <h2>{t('info.terms.returnsTitle')}</h2>
      <ul>
        <li>{t('info.terms.returnsAny', { days: ShopDetails.returnDays })}</li>
        <li>{t('info.terms.returnsCost')}</li>
        <li>{t('info.terms.returnsDamaged')}</li>
        <li>{t('info.terms.returnsRefund')}</li>
      </ul>

      <h2>{t('info.terms.reviewsTitle')}</h2>
      <p>{t('info.terms.reviews')}</p>

      <h2>{t('info.terms.siteTitle')}</h2>
      <p>{t('info.terms.site')}</p>

      <h2>{t('info.terms.liabilityTitle')}</h2>
      <p>{t('info.terms.liability')}</p>

      <h2>{t('info.terms.lawTitle')}</h2>
      <p>{t('info.terms.law')}</p>

      <h2>{t('info.terms.changesTitle')}</h2>
      <p>{t('info.terms.changes')}</p>

      <h2>{t('info.terms.contactTitle')}</h2>
      <ContactLines />
    </StaticPage>
  );
}
