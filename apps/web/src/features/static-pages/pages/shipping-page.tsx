import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { InfoTable } from '../components/info-table.tsx';
import { ContactLines, StaticPage } from '../components/static-page.tsx';
import { DeliveryAreas, ShopDetails } from '../shop-details.ts';

export function ShippingPage() {
  const free = ShopDetails.freeDeliveryOverAed;
  return (
    <StaticPage
      title="Shipping"
      path={Routes.shipping}
      intro={`We deliver to addresses in ${DeliveryAreas.countries}. Orders over ${free} AED ship free, and titles marked for next-day delivery can be with you tomorrow in ${DeliveryAreas.nextDay}.`}
    >
      <h2>Delivery options</h2>
      <InfoTable
        caption="Delivery options and times"
        columns={['Option', 'Where', 'When it arrives', 'Cost']}
        rows={[
          [
            'Standard delivery',
            DeliveryAreas.standard,
            '2 to 4 working days after dispatch',
            `Free on orders over ${free} AED; otherwise the fee is shown at checkout before you pay`,
          ],
          [
            'Next-day delivery',
            DeliveryAreas.nextDay,
            `The next working day when you order before ${ShopDetails.nextDayCutOff} (UAE time)`,
            `${ShopDetails.nextDayFeeAed} AED, whatever the order's value`,
          ],
        ]}
      />

      <h2>Free delivery over {free} AED</h2>
      <p>
        When the books in your order come to more than {free} AED after any discounts, delivery to one UAE address is
        free. The amount is checked at checkout, so you always see the delivery cost before paying.
      </p>

      <h2>Next-day delivery on select titles</h2>
      <p>
        Books we hold in our Dubai warehouse show a <strong>next-day delivery</strong> note on their page. If every book
        in your order is eligible and you order before {ShopDetails.nextDayCutOff} on a working day, we dispatch the
        same afternoon. Orders mixing eligible and other titles travel together by standard delivery, so you receive a
        single parcel.
      </p>

      <h2>Dispatch and tracking</h2>
      <ul>
        <li>We pack and dispatch orders within one working day of payment.</li>
        <li>You receive an e-mail when your order is confirmed and another with the courier&apos;s tracking link.</li>
        <li>Working days are Monday to Saturday, excluding UAE public holidays.</li>
      </ul>

      <h2>Receiving your parcel</h2>
      <p>
        The courier calls the phone number on your delivery address before arriving. If nobody is available, they try
        once more on the next working day; after a second missed attempt the parcel returns to us and we contact you to
        arrange a new delivery or a refund.
      </p>
      <p>
        Please check the parcel when it arrives. If it is damaged or something is missing, tell us within 48 hours and
        we will put it right at no cost to you.
      </p>

      <h2>Outside the UAE</h2>
      <p>
        For now we deliver only to addresses in {DeliveryAreas.countries}: checkout asks for another address when the
        one chosen is elsewhere.
      </p>

      <h2>Questions</h2>
      <p>
        The full conditions are in our <Link to={Routes.shippingTerms}>Shipping Terms and Conditions</Link>, and common
        questions are answered in the <Link to={Routes.faqs}>FAQs</Link>. You can also reach us directly:
      </p>
      <ContactLines />
    </StaticPage>
  );
}
