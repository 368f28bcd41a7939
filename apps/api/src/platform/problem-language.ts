import type { FastifyReply, FastifyRequest } from 'fastify';
import { arabicMessage } from '@bookshop/contracts/arabic-messages';
import type { Problem } from '@bookshop/contracts/problem';
import { pageLanguage } from './request-language.ts';

/*
 * Problems in the request's language (decision 093): the storefront's API client sends its page's
 * language as Accept-Language, so an Arabic page's request gets its problem+json in Arabic: the
 * title, the detail, the toast's message and each field's messages, wherever the contracts' table
 * (or the API's own, below) has the text. Anything else, and every English request, is left
 * exactly as it was.
 */

/** The API's own words in problems (titles, the framework's refusals), beside the contracts'. */
const API_ARABIC: Readonly<Record<string, string>> = {
  // Titles
  'Bad Request': 'طلب غير صالح',
  Unauthorized: 'غير مصرّح',
  Forbidden: 'غير مسموح',
  'Not Found': 'غير موجود',
  'Method Not Allowed': 'الطريقة غير مسموح بها',
  'Not Acceptable': 'غير مقبول',
  'Request Timeout': 'انتهت مهلة الطلب',
  Conflict: 'تعارض',
  'Payload Too Large': 'حجم الطلب كبير جدًا',
  'URI Too Long': 'العنوان طويل جدًا',
  'Unsupported Media Type': 'نوع المحتوى غير مدعوم',
  'Unprocessable Content': 'محتوى غير قابل للمعالجة',
  'Request Header Fields Too Large': 'ترويسات الطلب كبيرة جدًا',
  'Validation Failed': 'بيانات غير صالحة',
  'Already Registered': 'مسجّل بالفعل',
  'Internal Server Error': 'خطأ في الخادم',
  'Service Unavailable': 'الخدمة غير متاحة',
  Error: 'خطأ',
  // Details (errors.ts RequestMessages, unavailable.ts, the default 403)
  'The request is not valid.': 'الطلب غير صالح.',
  'The address is not valid: check its percent-encoding.': 'العنوان غير صالح: تحقّق من ترميزه.',
  'The address is too long.': 'العنوان طويل جدًا.',
  'The request headers (or the address) are too large.': 'ترويسات الطلب (أو العنوان) كبيرة جدًا.',
  'The request took too long to arrive.': 'استغرق وصول الطلب وقتًا طويلًا.',
  'The request could not be read.': 'تعذّرت قراءة الطلب.',
  'The request body is too large.': 'محتوى الطلب كبير جدًا.',
  'Send the body as application/json, or as multipart/form-data where the API takes a form.':
    'أرسل المحتوى بصيغة application/json، أو بصيغة multipart/form-data حيث تقبل الواجهة نموذجًا.',
  'The body is empty: send a JSON value, or no Content-Type header.':
    'المحتوى فارغ: أرسل قيمة JSON، أو لا ترسل ترويسة Content-Type.',
  'The body is not valid JSON.': 'المحتوى ليس JSON صالحًا.',
  'The body does not match its Content-Length header.': 'لا يطابق المحتوى ترويسة Content-Length.',
  'This address cannot be opened.': 'لا يمكن فتح هذا العنوان.',
  'Nothing is at this address.': 'لا يوجد شيء على هذا العنوان.',
  'This address does not take this method.': 'لا يقبل هذا العنوان هذه الطريقة.',
  'You are not allowed to do this.': 'غير مسموح لك بهذا.',
  'Invalid value.': 'قيمة غير صالحة.',
  'The shop is very busy just now. Please try again in a moment.': 'المتجر مشغول جدًا الآن. يُرجى المحاولة بعد لحظات.',
  'The shop cannot reach its database just now. Please try again in a moment.':
    'يتعذّر على المتجر الوصول إلى قاعدة بياناته الآن. يُرجى المحاولة بعد لحظات.',
  'Google sign-in is unavailable right now. Please try again later.':
    'تسجيل الدخول عبر Google غير متاح الآن. يُرجى المحاولة لاحقًا.',
};

/** The API's own templated words; field names (`userName`, `items.0.quantity`) are quoted as they are. */
const API_TEMPLATES: readonly (readonly [RegExp, (part: string) => string])[] = [
  [/^Invalid value for (.+)\.$/, (fields) => `قيمة غير صالحة في: ${fields.split(', ').join('، ')}.`],
  [/^No book is titled "(.*)"\.$/s, (title) => `لا يوجد كتاب بعنوان "${title}".`],
];

/** The Arabic of a text a problem carries, or the text itself where there is none. */
export function problemTextInArabic(text: string): string {
  for (const [pattern, arabic] of API_TEMPLATES) {
    const match = pattern.exec(text);
    if (match) return arabic(match[1]!);
  }
  return API_ARABIC[text] ?? arabicMessage(text) ?? text;
}

/** `problem` with every text that has an Arabic in Arabic; the rest (type, status, requestId) as it is. */
export function problemInArabic<P extends Problem>(problem: P): P {
  return {
    ...problem,
    title: problemTextInArabic(problem.title),
    ...(problem.detail !== undefined && { detail: problemTextInArabic(problem.detail) }),
    ...(problem.message !== undefined && { message: problemTextInArabic(problem.message) }),
    ...(problem.errors && {
      errors: Object.fromEntries(
        Object.entries(problem.errors).map(([field, messages]) => [field, messages.map(problemTextInArabic)]),
      ),
    }),
  };
}

const isProblem = (reply: FastifyReply, payload: unknown): payload is Problem =>
  String(reply.getHeader('content-type') ?? '').startsWith('application/problem+json') &&
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as Problem).title === 'string';

/**
 * The `preSerialization` hook every problem passes (the error handler's, the not-found handler's,
 * a 503's): an Arabic request's problem in Arabic, saying so (Content-Language) and that it
 * depends on the request's language (Vary). An English request's answer is not touched.
 */
export function problemInRequestLanguage(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (pageLanguage(request) !== 'ar' || !isProblem(reply, payload)) return Promise.resolve(payload);
  reply.header('content-language', 'ar');
  const vary = reply.getHeader('vary');
  if (!/(^|,)\s*accept-language\s*(,|$)/i.test(String(vary ?? ''))) {
    reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
  }
  return Promise.resolve(problemInArabic(payload));
}
