/**
 * The seven emirates of a UAE address (issue 23, "The VAT return"; decision 079). The value is
 * the emirate's English name, as the VAT return's first box and the courier write it.
 */
export const EMIRATES = [
  'Abu Dhabi',
  'Dubai',
  'Sharjah',
  'Ajman',
  'Umm Al Quwain',
  'Ras Al Khaimah',
  'Fujairah',
] as const;
export type Emirate = (typeof EMIRATES)[number];

/** The country whose addresses carry an emirate. */
export const EMIRATE_COUNTRY = 'AE';

/** What an address without an emirate shows (and how the VAT return counts it). */
export const EMIRATE_NOT_GIVEN = 'Not given';

export const EmirateMessages = {
  invalid: `Choose one of the seven emirates: ${EMIRATES.join(', ')}.`,
} as const;

/** 'Al-Ain ', 'AL AIN', 'Al Ain City' → 'al ain': what the table below is keyed by. */
export const normalizePlaceName = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the )?emirate of /, '')
    .replace(/ (city|emirate)$/, '');

/**
 * Towns and districts customers write as their city, by emirate. Places shared between emirates
 * (Dibba, Masafi) are left out: they cannot be derived and count as 'Not given' until chosen.
 */
const TOWNS: Record<Emirate, readonly string[]> = {
  'Abu Dhabi': [
    'abu dhabi',
    'abudhabi',
    'al ain',
    'alain',
    'madinat zayed',
    'ruwais',
    'al ruwais',
    'ghayathi',
    'liwa',
    'mussafah',
    'musaffah',
    'khalifa',
    'mohammed bin zayed',
    'mbz',
    'al shahama',
    'shahama',
    'al wathba',
    'yas island',
    'saadiyat island',
    'al reem island',
    'reem island',
    'al raha',
    'al dhafra',
    'sila',
    'delma',
    'أبوظبي',
    'ابوظبي',
    'أبو ظبي',
    'العين',
  ],
  Dubai: [
    'dubai',
    'hatta',
    'jebel ali',
    'deira',
    'bur dubai',
    'jumeirah',
    'al barsha',
    'dubai marina',
    'al quoz',
    'karama',
    'al karama',
    'mirdif',
    'dubai silicon oasis',
    'international',
    'jlt',
    'business bay',
    'دبي',
  ],
  Sharjah: [
    'sharjah',
    'khor fakkan',
    'khorfakkan',
    'kalba',
    'dibba al hisn',
    'al dhaid',
    'dhaid',
    'madam',
    'mleiha',
    'al hamriyah',
    'الشارقة',
    'خورفكان',
  ],
  Ajman: ['ajman', 'masfout', 'al manama', 'عجمان'],
  'Umm Al Quwain': ['umm al quwain', 'umm al qaiwain', 'uaq', 'falaj al mualla', 'أم القيوين', 'ام القيوين'],
  'Ras Al Khaimah': [
    'ras al khaimah',
    'ras al khaima',
    'rak',
    'al jazirah al hamra',
    'digdaga',
    'khatt',
    'al rams',
    'rams',
    'shaam',
    'رأس الخيمة',
    'راس الخيمة',
  ],
  Fujairah: [
    'fujairah',
    'al fujairah',
    'dibba al fujairah',
    'al bidyah',
    'bidyah',
    'qidfa',
    'mirbah',
    'murbah',
    'الفجيرة',
  ],
};

const EMIRATE_BY_TOWN = new Map<string, Emirate>(
  Object.entries(TOWNS).flatMap(([emirate, towns]) => towns.map((town) => [town, emirate as Emirate] as const)),
);

/**
 * The emirate a UAE city names ('Dubai' → Dubai, 'Al Ain' → Abu Dhabi, 'Khor Fakkan' → Sharjah),
 * or null when it names none we know. Migration 0022 fills existing addresses with the same table.
 */
export const emirateOfCity = (city: string): Emirate | null => EMIRATE_BY_TOWN.get(normalizePlaceName(city)) ?? null;

/** The emirate a UAE address has: the one chosen, else the one its city names; null for other countries. */
export const emirateOf = (address: { country: string; city: string; emirate?: Emirate | null }): Emirate | null =>
  address.country === EMIRATE_COUNTRY ? (address.emirate ?? emirateOfCity(address.city)) : null;

/** For lists and labels: the emirate, or 'Not given'. */
export const emirateLabel = (emirate: Emirate | null): string => emirate ?? EMIRATE_NOT_GIVEN;
