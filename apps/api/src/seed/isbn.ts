import { fnv1a } from './cover.ts';

/** ISBN-13 check digit: weights 1 and 3 alternate over the first twelve digits. */
export function isbn13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/**
 * A valid, stable ISBN-13 for a demo title. Derived from the title rather than the list position,
 * so adding a book to the list never changes another book's ISBN. Not a real edition's number.
 */
export function demoIsbn(title: string): string {
  const body = `978${String(fnv1a(title.toLowerCase()) % 1_000_000_000).padStart(9, '0')}`;
  return `${body}${isbn13CheckDigit(body)}`;
}
