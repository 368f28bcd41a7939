import { FREE_DELIVERY_THRESHOLD_FILS } from '@bookshop/contracts/constants';

/** Contact details quoted by the static pages; change them here, in one place. */
export const ShopDetails = {
  name: 'Bookshop',
  legalName: 'Bookshop Trading LLC',
  supportEmail: 'support@bookshop.ae',
  privacyEmail: 'privacy@bookshop.ae',
  phone: '+971 4 555 0123',
  hours: 'Monday to Saturday, 9:00 AM to 7:00 PM (UAE time)',
  address: 'Warehouse 14, Al Quoz Industrial Area 3, Dubai, United Arab Emirates',
  nextDayCutOff: '2:00 PM',
  returnDays: 14,
  /** Whole dirhams, as the pages write it ('150 AED'). */
  freeDeliveryOverAed: FREE_DELIVERY_THRESHOLD_FILS / 100,
  lastUpdated: '22 November 2026',
} as const;
