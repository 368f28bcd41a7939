import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { StaticPage } from '../components/static-page.tsx';
import { DeliveryAreas, ShopDetails } from '../shop-details.ts';

type Faq = { question: string; answer: ReactNode };

const free = ShopDetails.freeDeliveryOverAed;
const sectionId = (title: string) => `faq-${title.toLowerCase().replace(/\W+/g, '-')}`;

/** What this shop has switched on: the answers promise nothing else. */
export type FaqsPageProps = { googleSignIn: boolean };

const sections = ({ googleSignIn }: FaqsPageProps): { title: string; faqs: Faq[] }[] => [
  {
    title: 'Orders',
    faqs: [
      {
        question: 'Do I need an account to order?',
        answer: (
          <p>
            You can browse and fill your cart without one. To check out, sign in or create an account: it takes a minute
            {googleSignIn ? ', or you can use your Google account' : ''}. Your account lets you track orders, save a
            wishlist and write reviews.
          </p>
        ),
      },
      {
        question: 'How do I know my order went through?',
        answer: (
          <p>
            After your payment succeeds you see a confirmation page and receive an e-mail with your order number. Your
            orders are also listed on your account page.
          </p>
        ),
      },
      {
        question: 'Can I change or cancel my order?',
        answer: (
          <p>
            Contact us as soon as possible. If the order has not been dispatched yet we can change or cancel it and
            refund you in full. Once it is on its way, you can return it under our returns policy.
          </p>
        ),
      },
      {
        question: 'A book I want is out of stock. What can I do?',
        answer: (
          <p>
            Add it to your wishlist and check back, or e-mail us: we can often order it in and let you know when it
            arrives.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Delivery',
    faqs: [
      {
        question: 'How much does delivery cost?',
        answer: (
          <p>
            Delivery is free on orders over {free} AED. For smaller orders, the delivery charge is shown at checkout
            before you pay.
          </p>
        ),
      },
      {
        question: 'How quickly will my books arrive?',
        answer: (
          <p>
            Standard delivery takes 2 to 4 working days to addresses in {DeliveryAreas.countries}. Titles marked for
            next-day delivery arrive the next working day in {DeliveryAreas.nextDay} when you order before{' '}
            {ShopDetails.nextDayCutOff}. More on our <Link to={Routes.shipping}>Shipping</Link> page.
          </p>
        ),
      },
      {
        question: 'Do you deliver outside the UAE?',
        answer: <p>Not yet. We currently deliver only to addresses in {DeliveryAreas.countries}.</p>,
      },
    ],
  },
  {
    title: 'Payment and prices',
    faqs: [
      {
        question: 'How can I pay?',
        answer: (
          <p>
            By debit or credit card on Stripe&apos;s secure checkout page. We never see or store your full card number.
          </p>
        ),
      },
      {
        question: 'Do prices include VAT?',
        answer: <p>Yes. All prices are in UAE dirhams (Dhs) and include VAT.</p>,
      },
    ],
  },
  {
    title: 'Returns',
    faqs: [
      {
        question: 'Can I return a book?',
        answer: (
          <p>
            Yes, within {ShopDetails.returnDays} days of delivery if it is unread and in its original condition. E-mail
            us first and we will tell you where to send it. Refunds go back to your card within 5 working days of the
            book reaching us.
          </p>
        ),
      },
      {
        question: 'My book arrived damaged or I received the wrong one.',
        answer: (
          <p>
            We are sorry! Tell us within 48 hours of delivery, ideally with a photo, and we will send a replacement or
            refund you in full, including delivery, at no cost to you.
          </p>
        ),
      },
    ],
  },
  {
    title: 'Your account and data',
    faqs: [
      {
        question: 'I forgot my password.',
        answer: (
          <p>
            Use the &lsquo;Forgot Password ?&rsquo; link on the <Link to={Routes.login}>login</Link> page and we will
            e-mail you a link to set a new one.
          </p>
        ),
      },
      {
        question: 'How do you use my personal data?',
        answer: (
          <p>
            Only to run your account and deliver your orders, in line with UAE data protection law. Read the details in
            our <Link to={Routes.privacyPolicy}>Privacy Policy</Link>.
          </p>
        ),
      },
    ],
  },
];

export function FaqsPage(features: FaqsPageProps) {
  return (
    <StaticPage
      title="Frequently Asked Questions"
      path={Routes.faqs}
      intro="Quick answers about ordering, delivery, payment and returns."
    >
      {sections(features).map((section) => (
        <section key={section.title} aria-labelledby={sectionId(section.title)}>
          <h2 id={sectionId(section.title)}>{section.title}</h2>
          <div className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
            {section.faqs.map((faq) => (
              <details key={faq.question} className="group">
                <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
                  {faq.question}
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
      <h2>Still need help?</h2>
      <p>
        Write to us through our <Link to={Routes.contactUs}>contact form</Link>, e-mail{' '}
        <a href={`mailto:${ShopDetails.supportEmail}`}>{ShopDetails.supportEmail}</a> or call{' '}
        <a href={`tel:${ShopDetails.phone.replace(/\s/g, '')}`}>{ShopDetails.phone}</a>, {ShopDetails.hours}.
      </p>
    </StaticPage>
  );
}
