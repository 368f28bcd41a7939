/**
 * The Arabic relevance set (docs/decisions/091-arabic-search.md): queries written as people type
 * Arabic into a search box — hamzas left off, ه for ة, ي for ى and back, the article dropped or a
 * particle joined to it, tashkeel or tatweel kept, a one-letter slip — each naming the demo book
 * (by its English title, the page's key) it should find in the first three. Written by hand
 * against the demo catalogue's Arabic works (seed/demo-books.ts); search is tuned on the set as a
 * whole, never on one query.
 */

export const ARABIC_SLIPS = [
  'as-written',
  'no-hamza',
  'heh-for-teh',
  'yeh-alef-maksura',
  'article',
  'marks',
  'typo',
  'author',
  'genre',
  'several',
] as const;
export type ArabicSlip = (typeof ARABIC_SLIPS)[number];

export type ArabicQuery = { slip: ArabicSlip; query: string; expectedTitle: string };

const KALILA = 'Kalila and Dimna';
const WINGS = 'The Broken Wings';
const SPIRITS = 'Spirits Rebellious';
const HAYY = 'Hayy ibn Yaqdhan';
const DOVE = 'The Ring of the Dove';
const MISERS = 'The Book of Misers';
const ANIMALS = 'The Book of Animals';
const MUTANABBI = 'The Diwan of al-Mutanabbi';
const IMRU = "The Diwan of Imru' al-Qais";
const ANTARAH = 'The Diwan of Antarah';
const NUWAS = 'The Diwan of Abu Nuwas';
const LUZUM = 'The Luzumiyyat';
const FORGIVENESS = 'The Epistle of Forgiveness';
const HARIRI = 'The Maqamat of al-Hariri';
const HAMADHANI = 'The Maqamat of Badi al-Zaman al-Hamadhani';
const INCOHERENCE = 'The Incoherence of the Philosophers';
const DELIVERANCE = 'Deliverance from Error';
const INCOHERENCE2 = 'The Incoherence of the Incoherence';
const CANON = 'The Canon of Medicine';
const OPTICS = 'The Book of Optics';
const ALGEBRA = 'The Compendious Book on Calculation by Completion and Balancing';
const MEADOWS = 'The Meadows of Gold';
const JUBAYR = 'The Travels of Ibn Jubayr';
const DESIRES = 'The Interpreter of Desires';
const CONTEMPLATION = 'The Book of Contemplation';
const NIGHTS = 'One Thousand and One Nights';
const PROPHET = 'The Prophet';
const MUQADDIMAH = 'The Muqaddimah';
const BATTUTA = 'The Travels of Ibn Battuta';

const q = (slip: ArabicSlip, query: string, expectedTitle: string): ArabicQuery => ({ slip, query, expectedTitle });

export const ARABIC_QUERIES: ArabicQuery[] = [
  // The title as printed.
  q('as-written', 'كليلة ودمنة', KALILA),
  q('as-written', 'الأجنحة المتكسرة', WINGS),
  q('as-written', 'حي بن يقظان', HAYY),
  q('as-written', 'طوق الحمامة', DOVE),
  q('as-written', 'البخلاء', MISERS),
  q('as-written', 'ديوان المتنبي', MUTANABBI),
  q('as-written', 'ألف ليلة وليلة', NIGHTS),
  q('as-written', 'مقدمة ابن خلدون', MUQADDIMAH),
  q('as-written', 'النبي', PROPHET),
  q('as-written', 'تهافت التهافت', INCOHERENCE2),
  q('as-written', 'القانون في الطب', CANON),

  // Hamzas left off, or put on the wrong seat.
  q('no-hamza', 'الاجنحة المتكسرة', WINGS),
  q('no-hamza', 'الارواح المتمردة', SPIRITS),
  q('no-hamza', 'الف ليلة وليلة', NIGHTS),
  q('no-hamza', 'ديوان ابي نواس', NUWAS),
  q('no-hamza', 'ديوان امرؤ القيس', IMRU),
  q('no-hamza', 'ديوان امري القيس', IMRU),
  q('no-hamza', 'ترجمان الاشواق', DESIRES),
  q('no-hamza', 'كتاب الإعتبار', CONTEMPLATION),
  q('no-hamza', 'البخلا', MISERS),
  q('no-hamza', 'إبن خلدون مقدمة', MUQADDIMAH),

  // ه for ة (and the other way round).
  q('heh-for-teh', 'كليله ودمنه', KALILA),
  q('heh-for-teh', 'اجنحه متكسره', WINGS),
  q('heh-for-teh', 'طوق الحمامه', DOVE),
  q('heh-for-teh', 'مقدمه ابن خلدون', MUQADDIMAH),
  q('heh-for-teh', 'رحله ابن بطوطه', BATTUTA),
  q('heh-for-teh', 'رساله الغفران', FORGIVENESS),
  q('heh-for-teh', 'تهافت الفلاسفه', INCOHERENCE),
  q('heh-for-teh', 'ديوان عنتره', ANTARAH),
  q('heh-for-teh', 'رحله ابن جبير', JUBAYR),

  // ي for ى and ى for ي.
  q('yeh-alef-maksura', 'ديوان المتنبى', MUTANABBI),
  q('yeh-alef-maksura', 'المتنبى', MUTANABBI),
  q('yeh-alef-maksura', 'النبى', PROPHET),
  q('yeh-alef-maksura', 'حى بن يقظان', HAYY),
  q('yeh-alef-maksura', 'مقامات الحريرى', HARIRI),
  q('yeh-alef-maksura', 'مقامات بديع الزمان الهمذانى', HAMADHANI),
  q('yeh-alef-maksura', 'ديوان ابى نواس', NUWAS),
  q('yeh-alef-maksura', 'ترجمان الأشواق لابن عربى', DESIRES),
  q('yeh-alef-maksura', 'محمد بن موسي الخوارزمي', ALGEBRA),

  // Without the article, with it added, or with a particle joined to it.
  q('article', 'اجنحة متكسرة', WINGS),
  q('article', 'بخلاء', MISERS),
  q('article', 'حمامة طوق', DOVE),
  q('article', 'تهافت فلاسفة', INCOHERENCE),
  q('article', 'المنقذ من الضلال', DELIVERANCE),
  q('article', 'منقذ ضلال', DELIVERANCE),
  q('article', 'كتاب حيوان', ANIMALS),
  q('article', 'والبخلاء', MISERS),
  q('article', 'الكتاب المناظر', OPTICS),
  q('article', 'حساب الجبر والمقابلة', ALGEBRA),
  q('article', 'مروج الذهب', MEADOWS),
  q('article', 'اللزوميات', LUZUM),
  q('article', 'لزوميات', LUZUM),

  // Tashkeel and tatweel, as pasted from a page that has them.
  q('marks', 'كَلِيلَةُ وَدِمْنَةُ', KALILA),
  q('marks', 'طَوْقُ الحَمَامَةِ', DOVE),
  q('marks', 'رِسَالَةُ الغُفْرَانِ', FORGIVENESS),
  q('marks', 'ديـــوان المتنبـــي', MUTANABBI),

  // One letter wrong, missing, doubled or swapped, in a word long enough to forgive it.
  q('typo', 'كليلة ودمنا', KALILA),
  q('typo', 'كلية ودمنة', KALILA),
  q('typo', 'الأجنحة المتكصرة', WINGS),
  q('typo', 'الارواح المتمرده', SPIRITS),
  q('typo', 'طوق الحماامة', DOVE),
  q('typo', 'حي بن يقضان', HAYY),
  q('typo', 'ديوان المتبني', MUTANABBI),
  q('typo', 'تهافت الفلاصفة', INCOHERENCE),
  q('typo', 'مقامات الحرير', HARIRI),
  q('typo', 'رسالة الغفرام', FORGIVENESS),
  q('typo', 'ترجمن الأشواق', DESIRES),
  q('typo', 'مقدمة ابن خلدوم', MUQADDIMAH),

  // The author's Arabic name, alone or with a word of the title.
  q('author', 'ابن طفيل', HAYY),
  q('author', 'ابن حزم الاندلسي', DOVE),
  q('author', 'ابن المقفع', KALILA),
  q('author', 'عنترة بن شداد', ANTARAH),
  q('author', 'ابو نواس', NUWAS),
  q('author', 'امرؤ القيس', IMRU),
  q('author', 'الهمذاني', HAMADHANI),
  q('author', 'ابن رشد', INCOHERENCE2),
  q('author', 'ابن سينا', CANON),
  q('author', 'ابن الهيثم', OPTICS),
  q('author', 'الخوارزمي', ALGEBRA),
  q('author', 'المسعودى', MEADOWS),
  q('author', 'ابن جبير', JUBAYR),
  q('author', 'اسامه بن منقذ', CONTEMPLATION),
  q('author', 'الجاحظ البخلاء', MISERS),
  q('author', 'الجاحظ الحيوان', ANIMALS),
  q('author', 'الغزالي المنقذ', DELIVERANCE),
  q('author', 'ابو العلاء المعري الغفران', FORGIVENESS),
  q('author', 'جبران النبي', PROPHET),
  q('author', 'جبران خليل جبران الأجنحة', WINGS),
  q('author', 'ابو الطيب المتنبي', MUTANABBI),

  // The genre's Arabic name with a word that tells the book apart.
  q('genre', 'شعر عنترة', ANTARAH),
  q('genre', 'شعر ابو نواس', NUWAS),
  q('genre', 'فلسفة ابن رشد', INCOHERENCE2),
  q('genre', 'علوم ابن الهيثم', OPTICS),
  q('genre', 'ادب الرحلات ابن جبير', JUBAYR),
  q('genre', 'أدب الرحلات ابن بطوطة', BATTUTA),
  q('genre', 'أدب ساخر الجاحظ', MISERS),
  q('genre', 'سيرة ومذكرات أسامة', CONTEMPLATION),
  q('genre', 'تاريخ ابن خلدون', MUQADDIMAH),
  q('genre', 'قصص قصيرة ابن المقفع', KALILA),

  // Several slips at once, as a hurried typist makes them.
  q('several', 'الف ليله وليله', NIGHTS),
  q('several', 'ليله وليله', NIGHTS),
  q('several', 'حى ابن يقظان', HAYY),
  q('several', 'رحله بطوطه', BATTUTA),
  q('several', 'رحله جبير', JUBAYR),
  q('several', 'اجنحه والمتكسره', WINGS),
  q('several', 'ديوان ابى نواس الشعر', NUWAS),
  q('several', 'القانون فى الطب', CANON),
  q('several', 'الطب ابن سينا', CANON),
  q('several', 'عنتره بن شداد', ANTARAH),
  q('several', 'ابو الطيب المتنبى', MUTANABBI),
  q('several', 'اسامة ابن منقذ الاعتبار', CONTEMPLATION),
];
