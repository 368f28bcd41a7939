import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { ContactLines, StaticPage } from '../components/static-page.tsx';
import { ShopDetails } from '../shop-details.ts';

export function TermsOfUsePage() {
  return (
    <StaticPage
      title="Terms of Use"
      path={Routes.termsOfUse}
      intro="The rules for using this website and buying books from us. Please read them before placing an order."
      showUpdated
    >
      <h2>1. Who we are</h2>
      <p>
        This website is operated by {ShopDetails.legalName}, {ShopDetails.address}. By browsing the site or placing an
        order you agree to these terms, our <Link to={Routes.privacyPolicy}>Privacy Policy</Link> and our{' '}
        <Link to={Routes.shippingTerms}>Shipping Terms and Conditions</Link>.
      </p>

      <h2>2. Your account</h2>
      <p>
        You can browse and fill a cart without an account; an account is needed to check out, keep a wishlist, write
        reviews and see your orders. Keep your password to yourself and tell us straight away if you think someone else
        has used your account. You must be at least 18 years old, or have a parent&apos;s or guardian&apos;s permission,
        to create one.
      </p>

      <h2>3. Prices</h2>
      <p>
        Prices are shown in UAE dirhams (Dhs) and include VAT at the prevailing rate. Where a book is discounted, the
        original price is shown struck through beside the price you pay. We check every price when you check out; if a
        price shown was clearly a mistake, we will tell you before taking payment.
      </p>

      <h2>4. Orders</h2>
      <p>
        Your order is an offer to buy. A contract is formed when we confirm it by e-mail after your payment succeeds.
        Stock is held for you while you complete payment. If a book turns out to be unavailable after all, we will
        refund it in full and let you know.
      </p>

      <h2>5. Payment</h2>
      <p>
        Card payments are processed securely by Stripe on its hosted checkout page. We accept major debit and credit
        cards. Your full card number is entered with Stripe and never reaches our servers. Your card is charged when the
        order is placed.
      </p>

      <h2>6. Returns and refunds</h2>
      <ul>
        <li>
          You may return any book within {ShopDetails.returnDays} days of delivery, for any reason, if it is unread and
          in the condition you received it. Contact us first so we can tell you where to send it.
        </li>
        <li>Unless the book was faulty or we sent the wrong one, the cost of sending it back is yours.</li>
        <li>
          Damaged, faulty or wrong items are replaced or refunded in full, including delivery, as described in our
          shipping terms.
        </li>
        <li>
          Refunds go back to the card you paid with within 5 working days of our receiving the return; your bank may
          take a few more days to show it.
        </li>
      </ul>

      <h2>7. Reviews and other content you post</h2>
      <p>
        Reviews should be your honest opinion of a book you have read. Do not post anything unlawful, offensive,
        misleading or that infringes someone else&apos;s rights, and do not include personal information about others.
        We may remove content that breaks these rules. You keep ownership of what you write and allow us to display it
        on this website.
      </p>

      <h2>8. Using this website</h2>
      <p>
        Do not misuse the site: no attempts to break its security, overload it, or collect data from it automatically.
        Book descriptions and cover images belong to their respective rights holders; the rest of the site&apos;s
        content belongs to us.
      </p>

      <h2>9. Our liability</h2>
      <p>
        We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or of our
        negligence, up to the amount you paid for the order concerned. Nothing in these terms limits your rights under
        UAE consumer protection law.
      </p>

      <h2>10. Governing law</h2>
      <p>
        These terms are governed by the federal laws of the United Arab Emirates as applied in the Emirate of Dubai, and
        the courts of Dubai have jurisdiction over any dispute.
      </p>

      <h2>11. Changes</h2>
      <p>We may change these terms; the version in force when you place an order applies to that order.</p>

      <h2>12. Contact</h2>
      <ContactLines />
    </StaticPage>
  );
}
