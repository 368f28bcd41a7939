import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT, type RichTags } from '../../../lib/i18n/rich-text.tsx';
import { ContactLines, StaticPage } from '../components/static-page.tsx';
import { cutOffText, ShopDetails } from '../shop-details.ts';

const tags: RichTags = {
  terms: (text) => <Link to={Routes.termsOfUse}>{text}</Link>,
  shipping: (text) => <Link to={Routes.shipping}>{text}</Link>,
};

export function ShippingTermsPage() {
  const t = useT();
  const rich = useRichT();
  const cutOff = cutOffText(useLocale());
  return (
    <StaticPage
      title={t('info.shippingTerms.title')}
      path={Routes.shippingTerms}
      intro={t('info.shippingTerms.intro')}
      showUpdated
    >
      <h2>{t('info.shippingTerms.scopeTitle')}</h2>
      <p>{rich('info.shippingTerms.scope', { legalName: t('info.shop.legalName') }, tags)}</p>

      <h2>{t('info.shippingTerms.areaTitle')}</h2>
      <p>{rich('info.shippingTerms.area', undefined, tags)}</p>

      <h2>{t('info.shippingTerms.timesTitle')}</h2>
      <p>{t('info.shippingTerms.times', { cutOff })}</p>

      <h2>{t('info.shippingTerms.chargesTitle')}</h2>
      <p>{t('info.shippingTerms.charges', { free: ShopDetails.freeDeliveryOverAed })}</p>

      <h2>{t('info.shippingTerms.addressTitle')}</h2>
      <p>{t('info.shippingTerms.address')}</p>

      <h2>{t('info.shippingTerms.failedTitle')}</h2>
      <p>{t('info.shippingTerms.failed')}</p>

      <h2>{t('info.shippingTerms.ownershipTitle')}</h2>
      <p>{t('info.shippingTerms.ownership')}</p>

      <h2>{t('info.shippingTerms.damagedTitle')}</h2>
      <p>{rich('info.shippingTerms.damaged', { days: ShopDetails.returnDays }, tags)}</p>

      <h2>{t('info.shippingTerms.eventsTitle')}</h2>
      <p>{t('info.shippingTerms.events')}</p>

      <h2>{t('info.shippingTerms.changesTitle')}</h2>
      <p>{t('info.shippingTerms.changes')}</p>

      <h2>{t('info.shippingTerms.contactTitle')}</h2>
      <ContactLines />
    </StaticPage>
  );
}
