/** Money travels as decimal AED with two places; it is stored as integer fils. */
export const filsToAed = (fils: number): number => Math.round(fils) / 100;
export const aedToFils = (aed: number): number => Math.round(aed * 100);

/** discountedPrice = round(price × (1 − discountPercentage/100)), in fils. */
export const discountedFils = (priceFils: number, discountPercentage: number): number =>
  Math.round((priceFils * (100 - discountPercentage)) / 100);

/** 'Dhs 12.50' */
export const formatPrice = (aed: number): string => `Dhs ${aed.toFixed(2)}`;
