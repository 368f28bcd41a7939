import { Routes } from '@bookshop/contracts/routes';
import { InfoTable } from '../components/info-table.tsx';
import { ContactLines, StaticPage } from '../components/static-page.tsx';
import { ShopDetails } from '../shop-details.ts';

/** Google sign-in is named only when this shop has it switched on. */
export function PrivacyPolicyPage({ googleSignIn }: { googleSignIn: boolean }) {
  return (
    <StaticPage
      title="Privacy Policy"
      path={Routes.privacyPolicy}
      intro="What personal data we collect when you shop with us, why, who we share it with, and the choices you have."
      showUpdated
    >
      <h2>Who is responsible for your data</h2>
      <p>
        {ShopDetails.legalName} ({ShopDetails.address}) is the controller of the personal data described here. We
        process it in line with the UAE Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data (PDPL). For
        any privacy question, write to <a href={`mailto:${ShopDetails.privacyEmail}`}>{ShopDetails.privacyEmail}</a>.
      </p>

      <h2>What we collect</h2>
      <InfoTable
        caption="Personal data we collect and why"
        columns={['Data', 'Why we need it']}
        rows={[
          [
            'Name, e-mail address, user name and password (stored only as a secure hash)',
            'To create and protect your account and to send order and account e-mails',
          ],
          ['Delivery addresses and phone numbers', 'To deliver your orders and let the courier reach you'],
          [
            'Orders, cart, wishlist and reviews',
            'To fulfil orders, handle returns, keep your lists and show your reviews',
          ],
          ['Messages you send to customer support', 'To answer you and improve our service'],
          [
            'Technical data such as IP address and browser type',
            'To keep the site secure, prevent fraud and limit abuse',
          ],
        ]}
      />
      <p>
        We do not receive or store your full card number: payments are entered on Stripe&apos;s secure checkout page.
        {googleSignIn &&
          ' If you sign in with Google, we receive your name, e-mail address and profile picture from Google, nothing more.'}
      </p>

      <h2>Why we may use it</h2>
      <p>
        We process your data to perform our contract with you (your account and orders), to meet legal obligations such
        as keeping tax records, and, where we ask for it, with your consent. You can withdraw consent at any time
        without affecting what was done before.
      </p>

      <h2>Who we share it with</h2>
      <ul>
        <li>Stripe, to take card payments.</li>
        <li>Our delivery partners, who receive your name, address and phone number for your parcel.</li>
        <li>Our e-mail and hosting providers, who store data on our behalf under contract.</li>
        <li>Authorities, when UAE law requires us to.</li>
      </ul>
      <p>
        We never sell your personal data. Some of these providers may process data outside the UAE; when they do, we
        rely on the safeguards the PDPL allows, such as contractual protections.
      </p>

      <h2>Cookies and browser storage</h2>
      <p>
        We use only what the shop needs to work: a secure cookie that keeps you signed in, and your browser&apos;s local
        storage to remember the cart of a visitor who has not signed in. We do not use advertising or cross-site
        tracking cookies.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Account data is kept while your account is open. When you delete your account, we erase or anonymise your
        personal data, except order and invoice records, which UAE tax law requires us to keep for at least five years.
      </p>

      <h2>Your rights</h2>
      <p>Under the PDPL you may ask us to:</p>
      <ul>
        <li>give you a copy of the personal data we hold about you;</li>
        <li>correct data that is inaccurate or incomplete;</li>
        <li>erase your data, or restrict how we use it;</li>
        <li>stop processing based on your consent, or object to processing for direct marketing;</li>
        <li>send your data to you or to another provider in a commonly used format.</li>
      </ul>
      <p>
        You can update most details yourself on your account page and delete your account there too. For anything else,
        e-mail us; we reply within 30 days. If you are unhappy with our answer, you may complain to the UAE Data Office.
      </p>

      <h2>Security</h2>
      <p>
        All traffic to this site is encrypted, passwords are stored with a modern one-way hash, and access to customer
        data within our team is limited to those who need it.
      </p>

      <h2>Children</h2>
      <p>Our shop is not directed at children under 13, and we do not knowingly collect their data.</p>

      <h2>Changes to this policy</h2>
      <p>If we change this policy in a way that matters, we will tell you by e-mail or on this site.</p>

      <h2>Contact</h2>
      <ContactLines />
    </StaticPage>
  );
}
