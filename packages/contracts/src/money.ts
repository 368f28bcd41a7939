import { PRICE_PREFIX } from './constants.ts';

/** Money travels as decimal AED with two places; it is stored as integer fils. */
export const filsToAed = (fils: number): number => Math.round(fils) / 100;
export const aedToFils = (aed: number): number => Math.round(aed * 100);

/** 'Dhs 12.50' */
export const formatPrice = (aed: number): string => `${PRICE_PREFIX}${aed.toFixed(2)}`;

let arabicCurrency: Intl.NumberFormat | undefined;

/**
 * '‏12.50 د.إ.‏': a price on Arabic pages and in Arabic e-mails (decision 089), ar-AE with Latin
 * digits named outright, so a browser whose ICU writes Arabic in Arabic-Indic digits agrees with the
 * server. Made on first use: an English page never pays for an Arabic number format.
 */
export const formatArabicPrice = (aed: number): string =>
  (arabicCurrency ??= new Intl.NumberFormat('ar-AE', {
    style: 'currency',
    currency: 'AED',
    numberingSystem: 'latn',
  })).format(aed);

/** A price in a language: the spec's 'Dhs 12.50' in English, '‏12.50 د.إ.‏' in Arabic. */
export const formatPriceIn = (language: 'en' | 'ar', aed: number): string =>
  language === 'ar' ? formatArabicPrice(aed) : formatPrice(aed);
