import type { z } from 'zod';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A lone UTF-16 surrogate cannot be typed, nor stored in PostgreSQL's jsonb or sent as UTF-8: it
 * becomes U+FFFD, the replacement character, as a UTF-8 encoder would write it. For text the
 * shop generates (a job's payload); what a client sends with one is refused (`freeText`).
 */
export const wellFormed = (text: string) => text.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD');

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they
 * make '‮gnp.exe' read as 'exe.png'. Marks that only hint a direction (U+200E, U+200F, U+061C)
 * stay, as Arabic text may carry them.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * A character that leaves a mark: not white space, a control or format character (zero-width
 * space and joiners, direction marks), a combining mark on its own, an unassigned code point, nor
 * one of the letters that draw nothing (Hangul fillers, the blank Braille pattern).
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Cn}\u115F\u1160\u3164\uFFA0\u2800]/u;

export const hasVisibleCharacter = (text: string) => VISIBLE.test(text);
export const hasDirectionControl = (text: string) => DIRECTION_CONTROL.test(text);
export const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);

export const TextMessages = {
  invalidCharacter: 'This text contains an invalid character. Please type it again.',
  directionControl: 'This text contains hidden characters that change its direction. Please type it again.',
} as const;

/**
 * Required free text (a review, a message), already trimmed: a lone surrogate is refused, and text
 * of nothing but invisible characters is as empty as no text (`required` is its message). Zero-width
 * joiners inside Arabic words or emoji stay as typed.
 */
export const freeText = <T extends z.ZodType<string>>(schema: T, required: string) =>
  schema
    .refine((text) => !hasLoneSurrogate(text), TextMessages.invalidCharacter)
    .refine((text) => text === '' || hasVisibleCharacter(text), required);

/** A name, user name, title, subject or address line: free text that cannot reorder how it reads. */
export const lineText = <T extends z.ZodType<string>>(schema: T, required: string) =>
  freeText(schema, required).refine((text) => !hasDirectionControl(text), TextMessages.directionControl);
