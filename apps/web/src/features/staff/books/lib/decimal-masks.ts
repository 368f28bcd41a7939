/*
 * Spec section 5 input rules, applied while typing: anything a rule can never accept is blocked.
 * A value that is only on its way (such as '12.') passes here; BookFormSchema judges the result.
 */

/** Price inputs: digits and one dot, at most 2 decimals. */
export const PRICE_TYPING = /^\d*(\.\d{0,2})?$/;
/** Percentage inputs: at most 3 integer digits and 2 decimals (100 is accepted). */
export const PERCENTAGE_TYPING = /^\d{0,3}(\.\d{0,2})?$/;
/** Stock: whole numbers only. */
export const WHOLE_NUMBER_TYPING = /^\d{0,7}$/;

/** The text an input would hold after inserting `data` over its selection. */
export function textAfterInsert(value: string, start: number | null, end: number | null, data: string): string {
  const from = start ?? value.length;
  const to = end ?? from;
  return value.slice(0, from) + data + value.slice(to);
}
