import { z } from 'zod';
import { FREE_DELIVERY_THRESHOLD_FILS } from './constants.ts';
import { countryName } from './country-name.ts';
import { EMIRATES, normalizePlaceName, type Emirate } from './emirates.ts';
import { filsToAed } from './money.ts';

/**
 * Delivery fees and rules, in one place: the API quotes them, checkout charges them and the
 * storefront shows "Dhs X more for free delivery" from the same functions.
 * See docs/decisions/011-delivery-methods-and-fees.md.
 */

export const DeliveryMethodCode = { Standard: 'standard', NextDay: 'next-day' } as const;
export type DeliveryMethodCode = (typeof DeliveryMethodCode)[keyof typeof DeliveryMethodCode];
export const DELIVERY_METHOD_CODES = [DeliveryMethodCode.Standard, DeliveryMethodCode.NextDay] as const;

export const STANDARD_DELIVERY_FEE_FILS = 15_00;
export const NEXT_DAY_DELIVERY_FEE_FILS = 30_00;

export const DeliveryMessages = {
  standardName: 'Standard Delivery',
  standardDescription: 'Delivered in 2 to 4 working days. Free on orders over Dhs 150.00.',
  nextDayName: 'Next-Day Delivery',
  nextDayDescription: 'Delivered the next working day when ordered before 2 PM.',
  nextDayNotEligible: 'Next-day delivery is only offered when every book in your cart is eligible for it.',
  methodNotAvailable: 'This delivery method is not available for your cart.',
  /** A method's zone does not reach the address ('Next-Day Delivery is offered only to addresses in Dubai, …'). */
  notOffered: (methodName: string, where: string) => `${methodName} is offered only to addresses in ${where}.`,
  /** Added when the address has no emirate that zones could be judged by. */
  emirateMissing: 'Choose the emirate on this address if it is one of them.',
  /** No method reaches the address at all (a London address): the address is refused. */
  outsideZones: (countries: string) => `We deliver only to addresses in ${countries}. Choose another address.`,
} as const;

/**
 * Where a method is offered (decision 079): a country, narrowed to one emirate, narrowed again
 * to some of its cities or districts when only part of an emirate is served ('Abu Dhabi city').
 * `name` is how the Shipping page, the FAQs and the refusals write the area.
 */
export type DeliveryArea = {
  country: string;
  emirate?: Emirate;
  /** Place names as customers write them; compared after normalizePlaceName. */
  cities?: readonly string[];
  name: string;
};

/** Where each method is offered: the one place the pages, the quote and checkout read it from. */
export const DELIVERY_ZONES: Record<DeliveryMethodCode, readonly DeliveryArea[]> = {
  standard: [{ country: 'AE', name: 'all seven emirates of the UAE' }],
  'next-day': [
    { country: 'AE', emirate: 'Dubai', name: 'Dubai' },
    { country: 'AE', emirate: 'Sharjah', name: 'Sharjah' },
    { country: 'AE', emirate: 'Ajman', name: 'Ajman' },
    {
      country: 'AE',
      emirate: 'Abu Dhabi',
      // Abu Dhabi island and the mainland districts the courier reaches next day; Al Ain and Al Dhafra are not.
      cities: [
        'Abu Dhabi',
        'Khalifa City',
        'Mohammed Bin Zayed City',
        'Mussafah',
        'Al Reem Island',
        'Reem Island',
        'Saadiyat Island',
        'Yas Island',
        'Al Raha',
      ],
      name: 'Abu Dhabi city',
    },
  ],
};

/** 'Dubai, Sharjah, Ajman and Abu Dhabi city': a method's areas as one phrase. */
export const deliveryAreaText = (code: DeliveryMethodCode): string => listText(DELIVERY_ZONES[code].map((a) => a.name));

/** 'the United Arab Emirates': every country some method delivers to. */
export const deliveryCountriesText = (): string =>
  listText(
    [...new Set(Object.values(DELIVERY_ZONES).flatMap((areas) => areas.map((a) => a.country)))].map(
      (code) => `the ${countryName(code)}`,
    ),
  );

function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Where an order goes, as zones judge it: the address's country, city and emirate (chosen or derived). */
export type DeliveryDestination = { country: string; city: string; emirate: Emirate | null };

const inArea = (area: DeliveryArea, to: DeliveryDestination): boolean =>
  area.country === to.country &&
  (area.emirate === undefined || area.emirate === to.emirate) &&
  (area.cities === undefined || area.cities.some((city) => normalizePlaceName(city) === normalizePlaceName(to.city)));

/** Some area of the method reaches the destination. */
export const isInZone = (code: DeliveryMethodCode, to: DeliveryDestination): boolean =>
  DELIVERY_ZONES[code].some((area) => inArea(area, to));

/** No method reaches the destination: the address itself is refused (409). */
export const isOutsideEveryZone = (to: DeliveryDestination): boolean =>
  DELIVERY_METHOD_CODES.every((code) => !isInZone(code, to));

/** Why `code` does not reach the destination, or null when it does. */
function zoneRefusal(code: DeliveryMethodCode, name: string, to: DeliveryDestination): string | null {
  if (isInZone(code, to)) return null;
  const refusal = DeliveryMessages.notOffered(name, deliveryAreaText(code));
  const byEmirate = DELIVERY_ZONES[code].some((area) => area.country === to.country && area.emirate !== undefined);
  return byEmirate && to.emirate === null ? `${refusal} ${DeliveryMessages.emirateMissing}` : refusal;
}

/** What the rules need to know about an order: what the customer pays for the books, and eligibility. */
export type DeliveryOrderSummary = {
  /** Sum of discounted prices × quantities, in fils. */
  itemsTotalFils: number;
  /** True when every line's book can ship next day (vacuously true for an empty cart). */
  allItemsNextDayEligible: boolean;
  /** Where it goes; without it only the cart is judged (a quote before an address is chosen). */
  destination?: DeliveryDestination;
};

export type DeliveryOption = {
  code: DeliveryMethodCode;
  name: string;
  description: string;
  /** What this order would pay for this method, in fils. */
  feeFils: number;
  /** The method's fee before any free-delivery rule, in fils. */
  baseFeeFils: number;
  isAvailable: boolean;
  unavailableReason: string | null;
};

/** Free delivery applies to orders strictly over the threshold (spec: "orders over 150 AED"). */
export const qualifiesForFreeDelivery = (itemsTotalFils: number): boolean =>
  itemsTotalFils > FREE_DELIVERY_THRESHOLD_FILS;

/** How much more (fils) the books must cost before standard delivery is free; 0 once it is. */
export const amountToFreeDeliveryFils = (itemsTotalFils: number): number =>
  qualifiesForFreeDelivery(itemsTotalFils) ? 0 : FREE_DELIVERY_THRESHOLD_FILS - itemsTotalFils + 1;

/** Every delivery method with its fee for this order and whether it may be chosen. */
export function deliveryOptions(order: DeliveryOrderSummary): DeliveryOption[] {
  return cartOptions(order).map((option) => {
    const refusal = order.destination ? zoneRefusal(option.code, option.name, order.destination) : null;
    // Where it goes comes first: no cart change makes an address outside the zone eligible.
    return refusal ? { ...option, isAvailable: false, unavailableReason: refusal } : option;
  });
}

function cartOptions(order: DeliveryOrderSummary): DeliveryOption[] {
  return [
    {
      code: DeliveryMethodCode.Standard,
      name: DeliveryMessages.standardName,
      description: DeliveryMessages.standardDescription,
      feeFils: qualifiesForFreeDelivery(order.itemsTotalFils) ? 0 : STANDARD_DELIVERY_FEE_FILS,
      baseFeeFils: STANDARD_DELIVERY_FEE_FILS,
      isAvailable: true,
      unavailableReason: null,
    },
    {
      code: DeliveryMethodCode.NextDay,
      name: DeliveryMessages.nextDayName,
      description: DeliveryMessages.nextDayDescription,
      // Express delivery keeps its fee: the free-delivery promise is for standard shipping.
      feeFils: NEXT_DAY_DELIVERY_FEE_FILS,
      baseFeeFils: NEXT_DAY_DELIVERY_FEE_FILS,
      isAvailable: order.allItemsNextDayEligible,
      unavailableReason: order.allItemsNextDayEligible ? null : DeliveryMessages.nextDayNotEligible,
    },
  ];
}

/** The fee checkout charges; undefined when the method cannot be chosen for this order. */
export function deliveryFeeFils(code: DeliveryMethodCode, order: DeliveryOrderSummary): number | undefined {
  const option = deliveryOptions(order).find((o) => o.code === code);
  return option?.isAvailable ? option.feeFils : undefined;
}

export const DeliveryMethodSchema = z.object({
  code: z.enum(DELIVERY_METHOD_CODES),
  name: z.string(),
  description: z.string(),
  /** Decimal AED this order pays (0 when free). */
  fee: z.number(),
  /** Decimal AED before the free-delivery rule. */
  baseFee: z.number(),
  isAvailable: z.boolean(),
  unavailableReason: z.string().nullable(),
  /** Where the method is offered (decision 079); an address outside every area cannot choose it. */
  areas: z.array(
    z.object({
      /** ISO 3166-1 alpha-2. */
      country: z.string(),
      /** Null: the whole country. */
      emirate: z.enum(EMIRATES).nullable(),
      /** Null: the whole emirate; else only these cities or districts of it. */
      cities: z.array(z.string()).nullable(),
      /** How the shop writes the area: 'Abu Dhabi city'. */
      name: z.string(),
    }),
  ),
});
export type DeliveryMethod = z.infer<typeof DeliveryMethodSchema>;

/** `GET v1/customers-addresses/delivery-methods`: a quote for the signed-in customer's cart. */
export const DeliveryQuoteSchema = z.object({
  /** The cart's total after discounts, decimal AED: what the free-delivery rule looks at. */
  itemsTotal: z.number(),
  freeDeliveryThreshold: z.number(),
  /** Decimal AED still needed for free standard delivery; 0 once it is free. */
  amountToFreeDelivery: z.number(),
  methods: z.array(DeliveryMethodSchema),
});
export type DeliveryQuote = z.infer<typeof DeliveryQuoteSchema>;

export const toDeliveryMethod = (option: DeliveryOption): DeliveryMethod => ({
  code: option.code,
  name: option.name,
  description: option.description,
  fee: filsToAed(option.feeFils),
  baseFee: filsToAed(option.baseFeeFils),
  isAvailable: option.isAvailable,
  unavailableReason: option.unavailableReason,
  areas: DELIVERY_ZONES[option.code].map((area) => ({
    country: area.country,
    emirate: area.emirate ?? null,
    cities: area.cities ? [...area.cities] : null,
    name: area.name,
  })),
});

export const deliveryQuote = (order: DeliveryOrderSummary): DeliveryQuote => ({
  itemsTotal: filsToAed(order.itemsTotalFils),
  freeDeliveryThreshold: filsToAed(FREE_DELIVERY_THRESHOLD_FILS),
  amountToFreeDelivery: filsToAed(amountToFreeDeliveryFils(order.itemsTotalFils)),
  methods: deliveryOptions(order).map(toDeliveryMethod),
});
