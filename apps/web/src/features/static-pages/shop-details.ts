import { FREE_DELIVERY_THRESHOLD_FILS } from '@bookshop/contracts/constants';
import {
  DeliveryMethodCode,
  NEXT_DAY_DELIVERY_FEE_FILS,
  deliveryAreaText,
  deliveryCountriesText,
} from '@bookshop/contracts/delivery';

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Where the shop delivers, as the pages write it: from the zones checkout enforces
 * (contracts DELIVERY_ZONES, decision 079), so the pages cannot promise another area.
 */
export const DeliveryAreas = {
  /** 'the United Arab Emirates' */
  countries: deliveryCountriesText(),
  /** 'All seven emirates of the UAE' */
  standard: sentenceCase(deliveryAreaText(DeliveryMethodCode.Standard)),
  /** 'Dubai, Sharjah, Ajman and Abu Dhabi city' */
  nextDay: deliveryAreaText(DeliveryMethodCode.NextDay),
} as const;

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
  /** Whole dirhams: next-day delivery keeps its fee whatever the order's value (decision 011). */
  nextDayFeeAed: NEXT_DAY_DELIVERY_FEE_FILS / 100,
  lastUpdated: '22 November 2026',
} as const;
