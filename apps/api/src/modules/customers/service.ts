import type { FastifyBaseLogger } from 'fastify';
import type { ChangePassword, DeleteAccount, UpdateCustomer } from '@bookshop/contracts/account';
import type { CustomerProfile } from '@bookshop/contracts/auth';
import { MAX_PAGE_SIZE } from '@bookshop/contracts/constants';
import type { AddressesService } from '../addresses/service.ts';
import type { AccountsService } from '../auth/accounts-service.ts';
import type { CartService } from '../cart/service.ts';
import type { WishlistService } from '../wishlist/service.ts';
import type { AvatarStore } from './avatars.ts';

export type CustomerAccountDeps = {
  accounts: AccountsService;
  avatars: AvatarStore;
  cart: Pick<CartService, 'clear'>;
  wishlist: Pick<WishlistService, 'clear'>;
  addresses: Pick<AddressesService, 'list' | 'remove'>;
  log: FastifyBaseLogger;
};

/** "asia/dubai" and "Asia/Dubai" are one zone; keep the spelling the time zone database uses. */
const canonicalTimeZone = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone;

export type CustomerAccountService = ReturnType<typeof createCustomerAccountService>;

/** The signed-in customer's own account on /account: profile, password, deletion (docs/decisions/007). */
export function createCustomerAccountService({
  accounts,
  avatars,
  cart,
  wishlist,
  addresses,
  log,
}: CustomerAccountDeps) {
  /** Files are not part of the transaction: a failed removal leaves an unused file, never a broken profile. */
  const removeQuietly = (work: Promise<void>, accountId: number) =>
    work.catch((error: unknown) => log.warn({ err: error, accountId }, 'could not remove avatar files'));

  async function removeAllAddresses(customerId: number) {
    // The addresses module has no "remove all"; a customer keeps at most ADDRESSES_MAX, so this is short.
    for (let round = 0; round < 10; round++) {
      const { data } = await addresses.list(customerId, { pageNo: 1, pageSize: MAX_PAGE_SIZE });
      if (data.length === 0) return;
      for (const address of data) await addresses.remove(customerId, address.id);
    }
  }

  return {
    /**
     * Saves names, user name and time zone; a new image replaces the avatar (checked by content,
     * stored first, so a refused change leaves nothing behind but its own files, which it removes).
     */
    async updateProfile(customerId: number, fields: UpdateCustomer, image?: Buffer): Promise<CustomerProfile> {
      const currentImageUrl = (await accounts.findById(customerId))?.imageUrl ?? null;
      const imageUrl = image ? await avatars.put(customerId, image) : fields.removeImage ? null : undefined;
      const changes = {
        firstName: fields.firstName,
        lastName: fields.lastName,
        userName: fields.userName,
        ianaZone: fields.ianaZone === undefined ? undefined : canonicalTimeZone(fields.ianaZone),
        imageUrl,
      };
      const saved = await accounts.updateCustomerProfile(customerId, changes).catch(async (error: unknown) => {
        // The same picture again has the same key: then the stored files are the current avatar's.
        if (imageUrl && imageUrl !== currentImageUrl)
          await removeQuietly(avatars.remove(customerId, imageUrl), customerId);
        throw error;
      });
      if (imageUrl !== undefined && saved.previousImageUrl !== imageUrl)
        await removeQuietly(avatars.remove(customerId, saved.previousImageUrl), customerId);
      return saved.profile;
    },

    changePassword(customerId: number, sessionId: string, input: ChangePassword): Promise<void> {
      return accounts.changeCustomerPassword(customerId, sessionId, input);
    },

    /**
     * Deletes the customer's personal data after `confirmation` (password, or DELETE for a
     * Google-only account): cart, wishlist and addresses first, through their modules, so a
     * failure leaves an account that can try again; then the account row is anonymised and
     * every session ends; then the avatar files go.
     */
    async deleteAccount(customerId: number, confirmation: DeleteAccount): Promise<void> {
      await accounts.confirmCustomerDeletion(customerId, confirmation);
      await cart.clear(customerId);
      await wishlist.clear(customerId);
      await removeAllAddresses(customerId);
      await accounts.anonymiseCustomer(customerId);
      await removeQuietly(avatars.removeAll(customerId), customerId);
    },
  };
}
