import { useNavigate } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { AccountPage } from '../features/account/pages/account-page.tsx';
import { AddressBook } from '../features/addresses/components/address-book.tsx';
import { endSession, refresh } from '../features/auth/session/session-store.ts';
import { OrdersSection } from '../features/orders/components/orders-section.tsx';

/** /account (RequireCustomer runs first): the account feature's page with the orders and address list in it. */
export function AccountRoute() {
  const navigate = useNavigate();
  return (
    <AccountPage
      ordersSection={<OrdersSection />}
      addressBook={<AddressBook />}
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
