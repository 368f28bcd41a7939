import { PersonType } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';

/** Customers and staff have the same account pages under their own paths and endpoints (spec section 6). */
export type AuthArea = 'customer' | 'staff';

export const authAreas = {
  customer: {
    personType: PersonType.Customer,
    apiPrefix: 'v1/customers',
    login: Routes.login,
    register: Routes.register,
    forgotPassword: Routes.forgotPassword,
    /** Where a logged-in visitor of the login page goes when no origin was remembered. */
    home: Routes.home,
  },
  staff: {
    personType: PersonType.Internal,
    apiPrefix: 'v1/users',
    login: Routes.adminLogin,
    register: Routes.adminRegister,
    forgotPassword: Routes.adminForgotPassword,
    home: Routes.adminDashboard,
  },
} as const;
