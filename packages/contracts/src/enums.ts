/** Numeric codes are part of the API (spec section 3); names are for people. */
export const PersonType = { Customer: 1, Internal: 2 } as const;
export type PersonType = (typeof PersonType)[keyof typeof PersonType];

export const OrderStatus = { Pending: 1, Completed: 2, Cancelled: 3 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const LoginProvider = { Local: 1, Google: 2 } as const;
export type LoginProvider = (typeof LoginProvider)[keyof typeof LoginProvider];

export const RoleName = {
  Admin: 'Admin',
  Supervisor: 'Supervisor',
  User: 'User',
  NewUser: 'New User',
} as const;
export type RoleName = (typeof RoleName)[keyof typeof RoleName];
