import { useNavigate } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { AccountPage } from '../features/account/pages/account-page.tsx';
import { AddressBook } from '../features/addresses/components/address-book.tsx';
import { GoogleLinkSection } from '../features/auth/components/google-link-section.tsx';
import { endSession, refresh } from '../features/auth/session/session-store.ts';
import { useCustomerOrders } from '../features/orders/api/get-customer-orders.ts';
import { OrdersSection } from '../features/orders/components/orders-section.tsx';
import { MyReviewsSection } from '../features/reviews/components/my-reviews-section.tsx';
import { SupportSection } from '../features/support/components/support-section.tsx';
import { formatDateTime } from '../lib/format.ts';

/** The support section, offering the customer's recent orders for a new ticket to be about. */
function SupportWithOrders() {
  const orders = useCustomerOrders({ pageNo: 1, pageSize: 25 });
  const choices = orders.data?.data.map((order) => ({
    id: order.id,
    label: `${order.orderNumber} · ${formatDateTime(order.createdAt)}`,
  }));
  return <SupportSection orderChoices={orders.isError ? [] : choices} />;
}

/** /account (RequireCustomer runs first): the account feature's page with the orders, address list and support tickets in it. */
export function AccountRoute() {
  const navigate = useNavigate();
  return (
    <AccountPage
      ordersSection={<OrdersSection />}
      reviewsSection={<MyReviewsSection />}
      addressBook={<AddressBook />}
      supportSection={<SupportWithOrders />}
      googleSignInSection={(profile) => (
        <GoogleLinkSection linked={profile.googleLinked} emailAddress={profile.emailAddress} />
      )}
      // A token refresh answers the saved user name and avatar, so the header shows them.
      onProfileSaved={() => void refresh()}
      onAccountDeleted={async () => {
        // Leave first, so the account page's guard does not send the visitor to /login.
        await navigate(Routes.home);
        endSession();
      }}
    />
  );
}
