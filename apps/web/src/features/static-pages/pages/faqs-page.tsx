import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useLocale, useT, type MessageId } from '../../../lib/i18n/i18n.tsx';
import { useRichT, type RichTags } from '../../../lib/i18n/rich-text.tsx';
import { contactTags, StaticPage, useDeliveryAreas } from '../components/static-page.tsx';
import { cutOffText, ShopDetails } from '../shop-details.ts';

type Faq = { question: MessageId; answer: ReactNode };

const tags: RichTags = {
  ...contactTags,
  shipping: (text) => <Link to={Routes.shipping}>{text}</Link>,
  login: (text) => <Link to={Routes.login}>{text}</Link>,
  privacy: (text) => <Link to={Routes.privacyPolicy}>{text}</Link>,
  contact: (text) => <Link to={Routes.contactUs}>{text}</Link>,
};

/** What this shop has switched on: the answers promise nothing else. */
export type FaqsPageProps = { googleSignIn: boolean };

export function FaqsPage({ googleSignIn }: FaqsPageProps) {
  const t = useT();
  const rich = useRichT();
  const areas = useDeliveryAreas();
  const cutOff = cutOffText(useLocale());
  const answer = (id: MessageId, values?: Record<string, string | number>) => <p>{rich(id, values, tags)}</p>;

  // The ids stay the English headings' (links to #faq-delivery work in either language).
  const sections: { id: string; title: MessageId; faqs: Faq[] }[] = [
    {
      id: 'faq-orders',
      title: 'info.faqs.ordersTitle',
      faqs: [
        {
          question: 'info.faqs.accountQ',
          answer: answer('info.faqs.accountA', { google: googleSignIn ? 'yes' : 'no' }),
        },
        { question: 'info.faqs.confirmedQ', answer: answer('info.faqs.confirmedA') },
        { question: 'info.faqs.changeQ', answer: answer('info.faqs.changeA') },
        { question: 'info.faqs.outOfStockQ', answer: answer('info.faqs.outOfStockA') },
      ],
    },
    {
      id: 'faq-delivery',
      title: 'info.faqs.deliveryTitle',
      faqs: [
        { question: 'info.faqs.costQ', answer: answer('info.faqs.costA', { free: ShopDetails.freeDeliveryOverAed }) },
        {
          question: 'info.faqs.speedQ',
          answer: answer('info.faqs.speedA', { countries: areas.countries, nextDay: areas.nextDay, cutOff }),
        },
        { question: 'info.faqs.abroadQ', answer: answer('info.faqs.abroadA', { countries: areas.countries }) },
      ],
    },
    {
      id: 'faq-payment-and-prices',
      title: 'info.faqs.paymentTitle',
      faqs: [
        { question: 'info.faqs.payQ', answer: answer('info.faqs.payA') },
        { question: 'info.faqs.vatQ', answer: answer('info.faqs.vatA') },
      ],
    },
    {
      id: 'faq-returns',
      title: 'info.faqs.returnsTitle',
      faqs: [
        { question: 'info.faqs.returnQ', answer: answer('info.faqs.returnA', { days: ShopDetails.returnDays }) },
        { question: 'info.faqs.damagedQ', answer: answer('info.faqs.damagedA') },
      ],
    },
    {
      id: 'faq-your-account-and-data',
      title: 'info.faqs.accountTitle',
      faqs: [
        { question: 'info.faqs.passwordQ', answer: answer('info.faqs.passwordA') },
        { question: 'info.faqs.dataQ', answer: answer('info.faqs.dataA') },
      ],
    },
  ];

  return (
    <StaticPage title={t('info.faqs.title')} path={Routes.faqs} intro={t('info.faqs.intro')}>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>{t(section.title)}</h2>
          <div className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
            {section.faqs.map((faq) => (
              <details key={faq.question} className="group">
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
                  {t(faq.question)}
                  <span
                    aria-hidden="true"
                    className="text-xl leading-none text-brand transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                </summary>
                <div className="px-4 pb-4 text-stone-800 [&_p]:mb-0">{faq.answer}</div>
              </details>
            ))}
          </div>
        </section>
      ))}
      <h2>{t('info.faqs.helpTitle')}</h2>
      <p>
        {rich(
          'info.faqs.help',
          {
            email: ShopDetails.supportEmail,
            phone: ShopDetails.phone,
            hours: t('info.shop.hours'),
          },
          tags,
        )}
      </p>
    </StaticPage>
  );
}
