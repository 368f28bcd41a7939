import { AddressSchema, type Address } from '@bookshop/contracts/addresses';
import { CartSchema, cartTotals, type Cart, type CartItem } from '@bookshop/contracts/cart';
import { deliveryQuote, DeliveryQuoteSchema, type DeliveryQuote } from '@bookshop/contracts/delivery';
import { OrderStatus } from '@bookshop/contracts/enums';
import { aedToFils } from '@bookshop/contracts/money';
import {
  ORDER_STATUS_NAMES,
  OrderSchema,
  orderNumber,
  StaffOrderSchema,
  type Order,
  type StaffOrder,
} from '@bookshop/contracts/orders';

/*
 * Fixtures for checkout and orders, built by factories and parsed by the contract schemas, so a
 * fake answer cannot drift from what the API sends.
 */

export function cartLine(overrides: Partial<CartItem> & Pick<CartItem, 'id' | 'title'>): CartItem {
  const item: CartItem = {
    titleAr: null,
    description: 'A book.',
    descriptionAr: null,
    imageUrl: null,
    price: 40,
    discountPercentage: 0,
    discountedPrice: 40,
    quantity: 1,
    isInStock: true,
    stockQuantity: 10,
    isNextDayDeliveryEligible: true,
    priceWhenAdded: overrides.discountedPrice ?? 40,
    isPriceChanged: false,
    isQuantityAvailable: true,
    lineTotal: 0,
    ...overrides,
  };
  return { ...item, lineTotal: (aedToFils(item.discountedPrice) * item.quantity) / 100 };
}

export const cartOf = (items: CartItem[]): Cart => CartSchema.parse({ items, ...cartTotals(items) });

/** The API's quote for a cart (same rules as the server: decision 011). */
export const quoteFor = (items: CartItem[]): DeliveryQuote =>
  DeliveryQuoteSchema.parse(
    deliveryQuote({
      itemsTotalFils: items.reduce((sum, item) => sum + aedToFils(item.discountedPrice) * item.quantity, 0),
      allItemsNextDayEligible: items.every((item) => item.isNextDayDeliveryEligible),
    }),
  );

export const makeAddress = (overrides: Partial<Address> = {}): Address =>
  AddressSchema.parse({
    id: 1,
    address: '12 Palm Street',
    country: 'AE',
    city: 'Dubai',
    phoneNo: '+971501234567',
    zipCode: '',
    emirate: 'Dubai',
    recipientName: null,
    isMain: true,
    ...overrides,
  });

export const addressPage = (data: Address[]) => ({
  data,
  paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: data.length, pageSize: 25 },
});

export function makeOrder(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? 7;
  const status = overrides.status ?? OrderStatus.Completed;
  const createdAt = overrides.createdAt ?? '2026-11-23T11:05:00.000Z';
  const paidAt = status === OrderStatus.Completed ? '2026-11-23T11:07:00.000Z' : null;
  return OrderSchema.parse({
    id,
    orderNumber: orderNumber(id),
    status,
    statusName: ORDER_STATUS_NAMES[status as OrderStatus],
    createdAt,
    paidAt,
    expiresAt: status === OrderStatus.Pending ? '2026-11-23T11:35:00.000Z' : null,
    items: [
      {
        bookId: 3,
        title: 'Emma',
        imageUrl: '/images/books/3-400.webp',
        price: 50,
        discountPercentage: 20,
        discountedPrice: 40,
        quantity: 2,
        lineTotal: 80,
      },
      {
        bookId: 4,
        title: 'Persuasion',
        imageUrl: '',
        price: 35,
        discountPercentage: 0,
        discountedPrice: 35,
        quantity: 1,
        lineTotal: 35,
      },
    ],
    itemsTotal: 135,
    discountTotal: 20,
    deliveryMethod: { code: 'standard', name: 'Standard Delivery' },
    deliveryFee: 15,
    codFee: 0,
    total: 130,
    address: {
      address: '12 Palm Street',
      country: 'AE',
      city: 'Dubai',
      phoneNo: '+971501234567',
      zipCode: '',
      emirate: 'Dubai',
      recipientName: 'Test Customer',
    },
    history: [
      { status: OrderStatus.Pending, statusName: 'Pending', event: null, shipmentId: null, at: createdAt },
      ...(status === OrderStatus.Pending
        ? []
        : [
            {
              status,
              statusName: ORDER_STATUS_NAMES[status as OrderStatus],
              event: null,
              shipmentId: null,
              at: paidAt ?? '2026-11-23T11:35:00.000Z',
            },
          ]),
    ],
    paymentMethod: 'card',
    fulfilmentStatus: 'unfulfilled',
    fulfilmentStatusName: 'Unfulfilled',
    shipments: [],
    returns: [],
    cancelReason: null,
    refundStatus: null,
    testMode: false,
    // 5% inside each line: 80.00 → 3.81, 35.00 → 1.67, the 15.00 delivery → 0.71.
    vatRate: 5,
    vatAmount: 6.19,
    netAmount: 123.81,
    documents: [],
    ...overrides,
  });
}

/** An order as staff read it: the customer's order plus who placed it. */
export const makeStaffOrder = (overrides: Partial<StaffOrder> = {}): StaffOrder => {
  const order = makeOrder(overrides);
  return StaffOrderSchema.parse({
    ...order,
    history: order.history.map((entry) => ({ by: null, ...entry })),
    customerEmail: 'reader@example.com',
    customerUserName: 'reader',
    ...overrides,
  });
};

export const orderPage = (data: Order[], { currentPage = 1, totalPages = 1, pageSize = 5 } = {}) => ({
  data,
  paginationDetails: { currentPage, totalPages, noOfRecords: data.length, pageSize },
});
