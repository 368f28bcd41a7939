import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT } from '../../../lib/i18n/rich-text.tsx';
import { InfoTable } from '../components/info-table.tsx';
import { ContactLines, contactTags, StaticPage } from '../components/static-page.tsx';
import { ShopDetails } from '../shop-details.ts';

/** Google sign-in is named only when this shop has it switched on. */
export function PrivacyPolicyPage({ googleSignIn }: { googleSignIn: boolean }) {
  const t = useT();
  const rich = useRichT();
  return (
    <StaticPage title={t('info.privacy.title')} path={Routes.privacyPolicy} intro={t('info.privacy.intro')} showUpdated>
      <h2>{t('info.privacy.controllerTitle')}</h2>
      <p>
        {rich(
          'info.privacy.controller',
          { legalName: t('info.shop.legalName'), address: t('info.shop.address'), email: ShopDetails.privacyEmail },
          contactTags,
        )}
      </p>

      <h2>{t('info.privacy.collectTitle')}</h2>
      <InfoTable
        caption={t('info.privacy.collectCaption')}
        columns={[t('info.privacy.columnData'), t('info.privacy.columnWhy')]}
        rows={[
          [t('info.privacy.accountData'), t('info.privacy.accountWhy')],
          [t('info.privacy.addressData'), t('info.privacy.addressWhy')],
          [t('info.privacy.ordersData'), t('info.privacy.ordersWhy')],
          [t('info.privacy.messagesData'), t('info.privacy.messagesWhy')],
          [t('info.privacy.technicalData'), t('info.privacy.technicalWhy')],
        ]}
      />
      <p>
        {t('info.privacy.card')}
        {googleSignIn && ` ${t('info.privacy.google')}`}
      </p>

      <h2>{t('info.privacy.basisTitle')}</h2>
      <p>{t('info.privacy.basis')}</p>

      <h2>{t('info.privacy.shareTitle')}</h2>
      <ul>
        <li>{t('info.privacy.shareStripe')}</li>
        <li>{t('info.privacy.shareDelivery')}</li>
        <li>{t('info.privacy.shareHosting')}</li>
        <li>{t('info.privacy.shareAuthorities')}</li>
      </ul>
      <p>{t('info.privacy.shareNever')}</p>

      <h2>{t('info.privacy.cookiesTitle')}</h2>
      <p>{t('info.privacy.cookies')}</p>

      <h2>{t('info.privacy.keepTitle')}</h2>
      <p>{t('info.privacy.keep')}</p>

      <h2>{t('info.privacy.rightsTitle')}</h2>
      <p>{t('info.privacy.rightsLead')}</p>
      <ul>
        <li>{t('info.privacy.rightCopy')}</li>
        <li>{t('info.privacy.rightCorrect')}</li>
        <li>{t('info.privacy.rightErase')}</li>
        <li>{t('info.privacy.rightObject')}</li>
        <li>{t('info.privacy.rightPort')}</li>
      </ul>
      <p>{t('info.privacy.rightsHow')}</p>

      <h2>{t('info.privacy.securityTitle')}</h2>
      <p>{t('info.privacy.security')}</p>

      <h2>{t('info.privacy.childrenTitle')}</h2>
      <p>{t('info.privacy.children')}</p>

      <h2>{t('info.privacy.changesTitle')}</h2>
      <p>{t('info.privacy.changes')}</p>

      <h2>{t('info.privacy.contactTitle')}</h2>
      <ContactLines />
    </StaticPage>
  );
}
