import { PRICE_PREFIX } from './constants.ts';

/** Money travels as decimal AED with two places; it is stored as integer fils. */
export const filsToAed = (fils: number): number => Math.round(fils) / 100;
export const aedToFils = (aed: number): number => Math.round(aed * 100);

/** 'Dhs 12.50' */
export const formatPrice = (aed: number): string => `${PRICE_PREFIX}${aed.toFixed(2)}`;
