import { describe, expect, it } from 'vitest';
import { AddressMessages, CreateAddressSchema, normalizePhoneNumber } from './addresses.ts';

const issues = (input: unknown) => {
  const result = CreateAddressSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('address form schema', () => {
  const valid = { address: '1 Sheikh Zayed Road', country: 'AE', city: 'Dubai', phoneNo: '04 332 4567' };

  it('stores phone numbers as E.164 and defaults zipCode and isMain, the emirate from the city and no recipient', () => {
    expect(CreateAddressSchema.parse(valid)).toEqual({
      ...valid,
      phoneNo: '+97143324567',
      zipCode: '',
      emirate: 'Dubai',
      recipientName: null,
      isMain: false,
    });
  });

  it("keeps the emirate chosen, treats '' as not chosen, and keeps none outside the UAE", () => {
    expect(CreateAddressSchema.parse({ ...valid, emirate: 'Sharjah' }).emirate).toBe('Sharjah');
    expect(CreateAddressSchema.parse({ ...valid, city: 'Al Ain', emirate: '' }).emirate).toBe('Abu Dhabi');
    expect(CreateAddressSchema.parse({ ...valid, city: 'Hometown', emirate: '' }).emirate).toBeNull();
    const london = { address: '221B Baker Street', country: 'GB', city: 'London', phoneNo: '020 7946 0958' };
    expect(CreateAddressSchema.parse({ ...london, emirate: 'Dubai' }).emirate).toBeNull();
  });

  it('judges the phone for the chosen country while other fields are still wrong', () => {
    expect(issues({ ...valid, city: '', phoneNo: '+44 20 7946 0958' })).toEqual({
      city: AddressMessages.cityRequired,
      phoneNo: 'Enter a valid phone number for United Arab Emirates.',
    });
  });

  it('shows only "required" for an empty phone', () => {
    expect(issues({ ...valid, phoneNo: '  ' })).toEqual({ phoneNo: AddressMessages.phoneRequired });
  });

  it('normalises numbers of countries with and without numbering rules', () => {
    expect(normalizePhoneNumber('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(normalizePhoneNumber('201 555 0123', 'CA')).toBeUndefined();
    expect(normalizePhoneNumber('+1 202 555 0143', 'AQ')).toBe('+12025550143');
    expect(normalizePhoneNumber('5550143', 'AQ')).toBeUndefined();
  });
});
