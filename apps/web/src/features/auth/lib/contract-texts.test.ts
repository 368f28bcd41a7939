import { describe, expect, it } from 'vitest';
import { AddressMessages } from '@bookshop/contracts/addresses';
import { AuthMessages } from '@bookshop/contracts/auth';
import { Messages } from '@bookshop/contracts/messages';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, type MessageId } from '../../../lib/i18n/i18n.tsx';

const en = createI18n('en', allMessages('en'));

/*
 * The account pages show some of contracts' words (the API's too) from the account catalogue, so
 * Arabic pages can have them in Arabic: the English copies must stay what contracts say.
 */
describe("the account area's copies of contracts' words", () => {
  it('are the same in English', () => {
    const copies: [MessageId, string][] = [
      ['auth.registered', AuthMessages.registered],
      ['auth.confirm.linkInvalid', AuthMessages.confirmationLinkInvalid],
      ['auth.reset.linkInvalid', AuthMessages.resetLinkInvalid],
      ['auth.google.linkFailedTitle', AuthMessages.googleLinkFailedTitle],
      ['auth.google.signInFailedTitle', AuthMessages.googleSignInFailedTitle],
      ['auth.google.signInFailed', AuthMessages.googleSignInFailed],
      ['auth.google.linkedToast', AuthMessages.googleLinked],
      ['addresses.notFound', AddressMessages.notFound],
    ];
    for (const [key, text] of copies) expect(en._(key), key).toBe(text);
    expect(en._('auth.register.emailRegistered', { email: 'a@b.ae' })).toBe(Messages.emailAlreadyRegistered('a@b.ae'));
  });
});
