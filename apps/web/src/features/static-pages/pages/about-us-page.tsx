import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { ContactLines, StaticPage } from '../components/static-page.tsx';
import { ShopDetails } from '../shop-details.ts';

export function AboutUsPage() {
  return (
    <StaticPage
      title="About Us"
      path={Routes.aboutUs}
      intro="We are an independent online bookshop in Dubai, delivering stories, ideas and good company to readers across the Emirates."
    >
      <h2>Our story</h2>
      <p>
        {ShopDetails.name} started with a simple frustration: finding the book you want in the UAE, at a fair price, and
        getting it quickly should not be hard. So we built a shop around readers. Every title on our shelves is chosen
        by people who read widely, from timeless classics to the new releases everyone is talking about.
      </p>

      <h2>What we offer</h2>
      <ul>
        <li>
          <strong>Curated collections</strong> across fiction, history, science, philosophy, poetry, children&apos;s
          books and more, all in one place.
        </li>
        <li>
          <strong>Smart filters and search</strong> by title, author or genre, tolerant of the odd typo, so you find the
          right book fast.
        </li>
        <li>
          <strong>A wishlist</strong> to save books for later, and <strong>verified reviews</strong> from readers who
          bought them.
        </li>
        <li>
          <strong>Quick, secure checkout</strong> with your card, powered by Stripe.
        </li>
        <li>
          <strong>Free delivery</strong> on orders over {ShopDetails.freeDeliveryOverAed} AED and{' '}
          <strong>next-day delivery</strong> on select titles. See <Link to={Routes.shipping}>Shipping</Link> for the
          details.
        </li>
      </ul>

      <h2>What we care about</h2>
      <p>
        Honest prices in dirhams with VAT included, careful packing so your books arrive as new, and real people
        answering your messages. If something is not right with an order, we fix it.
      </p>

      <h2>Get in touch</h2>
      <p>
        Looking for a title we do not stock, ordering for a school or an office, or just want a recommendation? We would
        love to hear from you. Answers to the most common questions are in our <Link to={Routes.faqs}>FAQs</Link>.
      </p>
      <ContactLines />
    </StaticPage>
  );
}
