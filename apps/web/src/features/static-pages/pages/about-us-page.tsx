import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT, type RichTags } from '../../../lib/i18n/rich-text.tsx';
import { ContactLines, StaticPage } from '../components/static-page.tsx';
import { ShopDetails } from '../shop-details.ts';

const tags: RichTags = {
  b: (text) => <strong>{text}</strong>,
  shipping: (text) => <Link to={Routes.shipping}>{text}</Link>,
  faqs: (text) => <Link to={Routes.faqs}>{text}</Link>,
};

export function AboutUsPage() {
  const t = useT();
  const rich = useRichT();
  return (
    <StaticPage title={t('info.about.title')} path={Routes.aboutUs} intro={t('info.about.intro')}>
      <h2>{t('info.about.storyTitle')}</h2>
      <p>{t('info.about.story', { shop: ShopDetails.name })}</p>

      <h2>{t('info.about.offerTitle')}</h2>
      <ul>
        <li>{rich('info.about.offerCollections', undefined, tags)}</li>
        <li>{rich('info.about.offerSearch', undefined, tags)}</li>
        <li>{rich('info.about.offerWishlist', undefined, tags)}</li>
        <li>{rich('info.about.offerCheckout', undefined, tags)}</li>
        <li>{rich('info.about.offerDelivery', { free: ShopDetails.freeDeliveryOverAed }, tags)}</li>
      </ul>

      <h2>{t('info.about.careTitle')}</h2>
      <p>{t('info.about.care')}</p>

      <h2>{t('info.about.touchTitle')}</h2>
      <p>{rich('info.about.touch', undefined, tags)}</p>
      <ContactLines />
    </StaticPage>
  );
}
