import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { ContactLines, StaticPage } from '../components/static-page.tsx';
import { ShopDetails } from '../shop-details.ts';

export function ShippingTermsPage() {
  const free = ShopDetails.freeDeliveryOverAed;
  return (
    <StaticPage
      title="Shipping Terms and Conditions"
      path={Routes.shippingTerms}
      intro="These terms explain how we deliver the books you order from us and what happens if a delivery goes wrong."
      showUpdated
    >
      <h2>1. Scope</h2>
      <p>
        These terms apply to every order placed on this website by {ShopDetails.legalName} (&ldquo;we&rdquo;,
        &ldquo;us&rdquo;) and delivered within the United Arab Emirates. They form part of our{' '}
        <Link to={Routes.termsOfUse}>Terms of Use</Link>.
      </p>

      <h2>2. Delivery area</h2>
      <p>
        We deliver to residential and business addresses in all seven emirates. We cannot deliver to post office boxes.
        Next-day delivery is available only in the areas listed on our <Link to={Routes.shipping}>Shipping</Link> page.
      </p>

      <h2>3. Delivery times</h2>
      <p>
        Delivery times are estimates given in good faith and counted in working days (Monday to Saturday, excluding UAE
        public holidays) from dispatch. A next-day promise applies only when every item in the order is marked as
        eligible and the order is paid before {ShopDetails.nextDayCutOff} UAE time on a working day.
      </p>

      <h2>4. Delivery charges</h2>
      <p>
        Delivery is free when the value of the books in an order, after discounts, exceeds {free} AED. For other orders
        the delivery charge for the chosen option is shown at checkout and included in the total you pay. Prices and
        charges are in UAE dirhams and include VAT.
      </p>

      <h2>5. Your delivery address</h2>
      <p>
        Please make sure your address and phone number are complete and correct. If a parcel cannot be delivered because
        the details were wrong, we will contact you; a second delivery may carry the standard delivery charge.
      </p>

      <h2>6. Failed delivery</h2>
      <p>
        The courier makes two delivery attempts. If both fail, the parcel is returned to us. We will then offer a new
        delivery or a refund of the books&apos; price; the original delivery charge is refunded only if the failure was
        our fault.
      </p>

      <h2>7. Ownership and risk</h2>
      <p>
        The books become yours, and responsibility for them passes to you, when they are delivered to the address you
        gave us or handed to the person you nominated.
      </p>

      <h2>8. Damaged, missing or wrong items</h2>
      <p>
        Check your parcel on arrival. Tell us within 48 hours if anything is damaged, missing or not what you ordered,
        ideally with a photo. We will send a replacement or refund you in full, including any delivery charge, and
        arrange collection at our cost where needed. Other returns follow the {ShopDetails.returnDays}-day returns
        policy in our <Link to={Routes.termsOfUse}>Terms of Use</Link>.
      </p>

      <h2>9. Events outside our control</h2>
      <p>
        We are not responsible for delays caused by events we cannot reasonably control, such as severe weather, road
        closures or courier disruption. We will keep you informed and you may cancel an undelivered order for a full
        refund.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We may update these terms from time to time. The version shown when you place an order is the one that applies
        to it.
      </p>

      <h2>11. Contact</h2>
      <ContactLines />
    </StaticPage>
  );
}
