import { Permission } from '@bookshop/contracts/roles';

/** What each permission lets a staff member do, in words (docs/decisions: accounts and roles). */
export const permissionLabels: Record<Permission, string> = {
  [Permission.ViewBooks]: 'See every book, hidden ones included',
  [Permission.ManageBooks]: 'Add, update and hide books, their images, authors and genres',
  [Permission.ViewOrders]: "See every customer's orders",
  [Permission.ManageOrders]: 'Cancel orders, refunding paid ones',
  [Permission.FulfilOrders]: 'Pack, ship and mark orders delivered',
  [Permission.ViewSupportTickets]: 'Read support tickets',
  [Permission.ManageSupportTickets]: 'Answer and close support tickets',
  [Permission.ModerateReviews]: 'Hide or show customer reviews',
  [Permission.ManageStaff]: 'List staff and change their roles',
  [Permission.ViewReports]: 'See the VAT return and download its documents',
};
