import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT, type RichTags } from '../../../lib/i18n/rich-text.tsx';
import { InfoTable } from '../components/info-table.tsx';
import { ContactLines, StaticPage, useDeliveryAreas } from '../components/static-page.tsx';
import { cutOffText, ShopDetails } from '../shop-details.ts';

const tags: RichTags = {
  b: (text) => <strong>{text}</strong>,
  shippingTerms: (text) => <Link to={Routes.shippingTerms}>{text}</Link>,
  faqs: (text) => <Link to={Routes.faqs}>{text}</Link>,
};

export function ShippingPage() {
  const t = useT();
  const rich = useRichT();
  const areas = useDeliveryAreas();
  const free = ShopDetails.freeDeliveryOverAed;
  const cutOff = cutOffText(useLocale());
  return (
    <StaticPage
      title={t('info.shipping.title')}
      path={Routes.shipping}
      intro={t('info.shipping.intro', { countries: areas.countries, free, nextDay: areas.nextDay })}
    >
      <h2>{t('info.shipping.optionsTitle')}</h2>
      <InfoTable
        caption={t('info.shipping.optionsCaption')}
        columns={[
          t('info.shipping.columnOption'),
          t('info.shipping.columnWhere'),
          t('info.shipping.columnWhen'),
          t('info.shipping.columnCost'),
        ]}
        rows={[
          [
            t('info.shipping.standardName'),
            areas.standard,
            t('info.shipping.standardWhen'),
            t('info.shipping.standardCost', { free }),
          ],
          [
            t('info.shipping.nextDayName'),
            areas.nextDay,
            t('info.shipping.nextDayWhen', { cutOff }),
            t('info.shipping.nextDayCost', { fee: ShopDetails.nextDayFeeAed }),
          ],
        ]}
      />

      <h2>{t('info.shipping.freeTitle', { free })}</h2>
      <p>{t('info.shipping.free', { free })}</p>

      <h2>{t('info.shipping.nextDayTitle')}</h2>
      <p>{rich('info.shipping.nextDay', { cutOff }, tags)}</p>

      <h2>{t('info.shipping.dispatchTitle')}</h2>
      <ul>
        <li>{t('info.shipping.dispatchPack')}</li>
        <li>{t('info.shipping.dispatchEmails')}</li>
        <li>{t('info.shipping.dispatchDays')}</li>
      </ul>

      <h2>{t('info.shipping.receivingTitle')}</h2>
      <p>{t('info.shipping.receivingCall')}</p>
      <p>{t('info.shipping.receivingCheck')}</p>

      <h2>{t('info.shipping.abroadTitle')}</h2>
      <p>{t('info.shipping.abroad', { countries: areas.countries })}</p>

      <h2>{t('info.shipping.questionsTitle')}</h2>
      <p>{rich('info.shipping.questions', undefined, tags)}</p>
      <ContactLines />
    </StaticPage>
  );
}
