import { describe, expect, it } from 'vitest';
import { CreateAddressSchema } from './addresses.ts';
import { FirstNameSchema, UserNameSchema } from './auth.ts';
import { Messages } from './messages.ts';
import { ReviewFormSchema } from './reviews.ts';
import { TextMessages } from './text.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

const ZERO_WIDTH_SPACE = '\u200B';
const RIGHT_TO_LEFT_OVERRIDE = '\u202E';

describe('text a person can see and read in the order it was written', () => {
  it('counts a name of zero-width characters as no name', () => {
    for (const invisible of [ZERO_WIDTH_SPACE.repeat(4), '\u200C\u200D\u2060\uFEFF', '\u3164\u3164', '\u2800\u2800']) {
      expect(messagesOf(FirstNameSchema.safeParse(invisible)), JSON.stringify(invisible)).toEqual([
        Messages.firstNameRequired,
      ]);
    }
  });

  it('refuses direction overrides and isolates, which make "‮gnp.exe" read as "exe.png"', () => {
    for (const control of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      RIGHT_TO_LEFT_OVERRIDE,
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(messagesOf(UserNameSchema.safeParse(`reader${control}gnp.exe`))).toEqual([TextMessages.directionControl]);
    }
  });

  it('refuses a lone UTF-16 surrogate instead of storing a replacement character', () => {
    expect(messagesOf(FirstNameSchema.safeParse('Mar\uD800ia'))).toEqual([TextMessages.invalidCharacter]);
    expect(messagesOf(FirstNameSchema.safeParse('Mar\uDC00ia'))).toEqual([TextMessages.invalidCharacter]);
  });

  it('keeps Arabic, its direction marks and joiners, and emoji sequences as typed', () => {
    expect(FirstNameSchema.parse('مريم')).toBe('مريم');
    expect(FirstNameSchema.parse('\u200Fعبد\u200Dالله')).toBe('\u200Fعبد\u200Dالله');
    expect(UserNameSchema.parse('reader👩‍💻')).toBe('reader👩‍💻');
    expect(UserNameSchema.parse('قارئ\u061Cكتب')).toBe('قارئ\u061Cكتب');
  });

  it('applies to address lines, review subjects and comments', () => {
    const address = { address: ZERO_WIDTH_SPACE.repeat(3), country: 'AE', city: 'Dubai', phoneNo: '04 332 4567' };
    expect(messagesOf(CreateAddressSchema.safeParse(address))).toEqual(['Address is required.']);
    expect(
      messagesOf(
        CreateAddressSchema.safeParse({ ...address, address: `1 Sheikh Zayed Road${RIGHT_TO_LEFT_OVERRIDE}` }),
      ),
    ).toEqual([TextMessages.directionControl]);

    const review = { subject: 'A fine book', comment: 'I enjoyed every page of it.', rating: 5 };
    expect(ReviewFormSchema.safeParse(review).success).toBe(true);
    expect(messagesOf(ReviewFormSchema.safeParse({ ...review, subject: `Fine${RIGHT_TO_LEFT_OVERRIDE}book` }))).toEqual(
      [TextMessages.directionControl],
    );
    expect(messagesOf(ReviewFormSchema.safeParse({ ...review, comment: '\u200B'.repeat(20) }))).toEqual([
      'Comment is required.',
    ]);
  });
});
