import { RoleName } from './enums.ts';

/**
 * What a staff member may do. Permissions travel in the access token's `permissions` claim, so
 * the admin area can hide what a role cannot use and the API checks the same list.
 * See docs/decisions/003-accounts-roles-and-permissions.md.
 */
export const Permission = {
  /** See the staff book table, hidden books included, and the dashboard's stock figures. */
  ViewBooks: 'books:view',
  /** Add and update books, their images, authors and genres; hide a book from the storefront. */
  ManageBooks: 'books:manage',
  /** See every customer's orders. */
  ViewOrders: 'orders:view',
  /** Cancel an order: release a Pending one's copies, refund a paid one. */
  ManageOrders: 'orders:manage',
  /** Pack, ship (carrier and tracking number) and mark delivered a paid order (decision 078). */
  FulfilOrders: 'orders:fulfil',
  /** Read support tickets. */
  ViewSupportTickets: 'support-tickets:view',
  /** Answer and close support tickets. */
  ManageSupportTickets: 'support-tickets:manage',
  /** Hide an abusive customer review from the storefront (and its average), or show it again. */
  ModerateReviews: 'reviews:moderate',
  /** List staff and change their roles. */
  ManageStaff: 'staff:manage',
  /** The VAT return's figures and its list of tax documents (issue 23, decision 087). */
  ViewReports: 'reports:view',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSIONS = Object.values(Permission);

/**
 * New staff wait with no permissions until an Admin gives them a role. A User reads books and
 * orders; a Supervisor also changes them (books, cancellations and refunds, packing and shipping) and handles support
 * tickets and reviews; an Admin also manages staff and sees the VAT return. docs/decisions/030-staff-roles.md is the table.
 */
export const RolePermissions: Record<RoleName, readonly Permission[]> = {
  [RoleName.NewUser]: [],
  [RoleName.User]: [Permission.ViewBooks, Permission.ViewOrders],
  [RoleName.Supervisor]: [
    Permission.ViewBooks,
    Permission.ManageBooks,
    Permission.ViewOrders,
    Permission.ManageOrders,
    Permission.FulfilOrders,
    Permission.ViewSupportTickets,
    Permission.ManageSupportTickets,
    Permission.ModerateReviews,
  ],
  [RoleName.Admin]: ALL_PERMISSIONS,
};

export const ROLE_NAMES = Object.values(RoleName) as [RoleName, ...RoleName[]];

export const permissionsOf = (role: RoleName | null | undefined): Permission[] =>
  role ? [...RolePermissions[role]] : [];
