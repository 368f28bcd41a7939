/**
 * A lone UTF-16 surrogate cannot be typed, nor stored in PostgreSQL's jsonb or sent as UTF-8: it
 * becomes U+FFFD, the replacement character, as a UTF-8 encoder would write it.
 */
/** '3:05 pm' → '3:05 PM': the spec writes times with AM/PM, where en-GB formats write 'am'/'pm'. */
export const upperCaseDayPeriod = (text: string) => text.replace(/\b(am|pm)\b/i, (period) => period.toUpperCase());

export const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
