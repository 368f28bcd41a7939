/**
 * A lone UTF-16 surrogate cannot be typed, nor stored in PostgreSQL's jsonb or sent as UTF-8: it
 * becomes U+FFFD, the replacement character, as a UTF-8 encoder would write it.
 */
export const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
