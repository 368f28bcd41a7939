import { isSupportedCountry, isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { countryName } from './country-name.ts';
import { EMIRATES, EmirateMessages, emirateOf, type Emirate } from './emirates.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { lineText } from './text.ts';

export const ADDRESS_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 30;
export const ZIP_CODE_MAX_LENGTH = 20;
export const RECIPIENT_NAME_MAX_LENGTH = 100;
/** Most addresses one customer may keep; fits one page of the largest page size. */
export const ADDRESSES_MAX = 20;
/** The shop delivers from the UAE and most of its customers live there: a new address starts with it chosen. */
export const DEFAULT_ADDRESS_COUNTRY = 'AE';

export const AddressMessages = {
  addressRequired: 'Address is required.',
  addressMax: `Address must be at most ${ADDRESS_MAX_LENGTH} characters long.`,
  noLineBreaks: 'Remove line breaks and control characters.',
  cityRequired: 'City is required.',
  cityMax: `City must be at most ${CITY_MAX_LENGTH} characters long.`,
  countryRequired: 'Country is required.',
  countryInvalid: 'Choose a country from the list.',
  phoneRequired: 'Phone number is required.',
  phoneMax: `Phone number must be at most ${PHONE_MAX_LENGTH} characters long.`,
  phoneInvalid: (country: string) => `Enter a valid phone number for ${countryName(country)}.`,
  zipCodeMax: `Zip code must be at most ${ZIP_CODE_MAX_LENGTH} characters long.`,
  zipCodeInvalid: 'Zip code may contain only letters, digits, spaces and hyphens.',
  recipientNameMax: `Recipient name must be at most ${RECIPIENT_NAME_MAX_LENGTH} characters long.`,
  recipientNameInvalid: 'Enter a name the courier can read, or leave it empty.',
  isMainInvalid: 'isMain must be true or false.',
  idInvalid: 'Address id must be a positive whole number.',
  notFound: 'This address does not exist.',
  tooMany: `You can keep at most ${ADDRESSES_MAX} addresses. Delete one to add another.`,
} as const;

/**
 * Text field: trimmed, required, bounded. Control characters are refused so labels print cleanly,
 * and direction overrides so a courier reads what the customer wrote.
 */
const text = (required: string, max: number, maxMessage: string) =>
  lineText(
    z
      .string({ error: required })
      .trim()
      .min(1, required)
      .max(max, maxMessage)
      .regex(/^[^\p{Cc}]*$/u, AddressMessages.noLineBreaks),
    required,
  );

/**
 * The phone number as a courier would dial it (E.164, e.g. '+971501234567') when it is a valid
 * number of `country`; undefined otherwise. Countries without numbering metadata accept any
 * valid international number.
 */
export function normalizePhoneNumber(phoneNo: string, country: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(country)) return undefined;
  if (!isSupportedCountry(country)) {
    return isValidPhoneNumber(phoneNo) ? parsePhoneNumberFromString(phoneNo)?.number : undefined;
  }
  const parsed = parsePhoneNumberFromString(phoneNo, country);
  if (!parsed?.isValid() || parsed.country !== country) return undefined;
  return parsed.number;
}

/**
 * A stored phone number as a person writes it, grouped the way its country does: '+971501234567'
 * → '+971 50 123 4567'. One that does not parse (kept as typed) is shown as it is.
 */
export function formatPhoneNumber(phoneNo: string): string {
  return parsePhoneNumberFromString(phoneNo)?.formatInternational() ?? phoneNo;
}

const addressFields = {
  address: text(AddressMessages.addressRequired, ADDRESS_MAX_LENGTH, AddressMessages.addressMax),
  /** ISO 3166-1 alpha-2, one of `GET v1/countries`. */
  country: z
    .string({ error: AddressMessages.countryRequired })
    .trim()
    .min(1, AddressMessages.countryRequired)
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, AddressMessages.countryInvalid),
  city: text(AddressMessages.cityRequired, CITY_MAX_LENGTH, AddressMessages.cityMax),
  phoneNo: z
    .string({ error: AddressMessages.phoneRequired })
    .trim()
    .min(1, AddressMessages.phoneRequired)
    .max(PHONE_MAX_LENGTH, AddressMessages.phoneMax),
  zipCode: z
    .string({ error: AddressMessages.zipCodeInvalid })
    .trim()
    .max(ZIP_CODE_MAX_LENGTH, AddressMessages.zipCodeMax)
    .regex(/^[\p{L}\p{N} -]*$/u, AddressMessages.zipCodeInvalid)
    .optional()
    .default(''),
  /**
   * One of EMIRATES, for a UAE address (decision 079). Optional, so the spec's payload still
   * works: when absent (or '', the form's "not chosen") it is derived from the city; ignored for
   * other countries.
   */
  emirate: z
    .enum(['', ...EMIRATES], { error: EmirateMessages.invalid })
    .nullish()
    .transform((value) => value || null),
  /** Whom the courier hands the parcel to; empty or absent: the customer themselves. */
  recipientName: lineText(
    z
      .string({ error: AddressMessages.recipientNameInvalid })
      .trim()
      .max(RECIPIENT_NAME_MAX_LENGTH, AddressMessages.recipientNameMax)
      .regex(/^[^\p{Cc}]*$/u, AddressMessages.noLineBreaks),
    AddressMessages.recipientNameInvalid,
  ).nullish(),
};

type PhoneFields = { country: string; phoneNo: string };

const phoneMatchesCountry = (fields: PhoneFields) => normalizePhoneNumber(fields.phoneNo, fields.country) !== undefined;

const phoneCheck = {
  path: ['phoneNo'],
  error: (issue: { input?: unknown }) => AddressMessages.phoneInvalid((issue.input as PhoneFields).country),
  // Judge the phone while other fields are still wrong (forms validate on every change), but
  // only once country and phone themselves are well formed, and only for a country with
  // numbering rules: for any other code the API first checks that the shop lists the country
  // at all, then judges the phone itself (see normalizePhoneNumber).
  when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some(
      (issue) => !issue.path?.length || issue.path[0] === 'country' || issue.path[0] === 'phoneNo',
    ) &&
    isSupportedCountry((payload.value as PhoneFields).country),
};

type OptionalFields = { city: string; emirate?: Emirate | null; recipientName?: string | null };

/**
 * Stores the phone number in E.164 when it is valid (the API checks it again after the country),
 * the emirate of a UAE address as chosen or as its city names it (null elsewhere), and no
 * recipient name rather than an empty one.
 */
const normalizePhone = <T extends PhoneFields & OptionalFields>(
  fields: T,
): Omit<T, 'emirate' | 'recipientName'> & { emirate: Emirate | null; recipientName: string | null } => ({
  ...fields,
  phoneNo: normalizePhoneNumber(fields.phoneNo, fields.country) ?? fields.phoneNo,
  emirate: emirateOf(fields),
  recipientName: fields.recipientName || null,
});

/** `POST v1/customers-addresses`. The first address becomes main whatever isMain says. */
export const CreateAddressSchema = z
  .object({
    ...addressFields,
    isMain: z.boolean({ error: AddressMessages.isMainInvalid }).optional().default(false),
  })
  .refine(phoneMatchesCountry, phoneCheck)
  .transform(normalizePhone);
export type CreateAddress = z.infer<typeof CreateAddressSchema>;
/** What the form holds before validation. */
export type AddressForm = z.input<typeof CreateAddressSchema>;

export const AddressIdSchema = z
  .number({ error: AddressMessages.idInvalid })
  .int(AddressMessages.idInvalid)
  .positive(AddressMessages.idInvalid)
  .max(2_147_483_647, AddressMessages.idInvalid);

/**
 * `PUT v1/customers-addresses`: replaces the address `id`. isMain true makes it main; false or
 * absent leaves main as it is (the main address moves only when another one is made main).
 */
export const UpdateAddressSchema = z
  .object({
    id: AddressIdSchema,
    ...addressFields,
    isMain: z.boolean({ error: AddressMessages.isMainInvalid }).optional(),
  })
  .refine(phoneMatchesCountry, phoneCheck)
  .transform(normalizePhone);
export type UpdateAddress = z.infer<typeof UpdateAddressSchema>;

export const AddressParamsSchema = z.object({
  id: z.coerce.number({ error: AddressMessages.idInvalid }).pipe(AddressIdSchema),
});

export const AddressSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  city: z.string(),
  /** E.164, e.g. '+971501234567'. */
  phoneNo: z.string(),
  zipCode: z.string(),
  /** UAE addresses: the emirate chosen or derived from the city; null when not given (and elsewhere). */
  emirate: z.enum(EMIRATES).nullable(),
  /** Whom the parcel is handed to; null: the customer themselves. */
  recipientName: z.string().nullable(),
  isMain: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

/**
 * `GET v1/customers-addresses/delivery-methods?addressId=`: with an address, each method is judged
 * for where it goes too (decision 079); without, for the cart alone, as before.
 */
export const DeliveryMethodsQuerySchema = z.object({
  addressId: z.coerce.number({ error: AddressMessages.idInvalid }).pipe(AddressIdSchema).optional(),
});

export const AddressQuerySchema = PageQuerySchema;
/** `GET v1/customers-addresses`: main address first, then the newest. */
export const AddressPageSchema = pageOf(AddressSchema);
export type AddressPage = z.infer<typeof AddressPageSchema>;
