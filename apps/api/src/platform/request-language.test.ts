import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageLanguage, requestLanguage } from './request-language.ts';

const request = (acceptLanguage?: string, lang?: string) =>
  ({
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    cookies: lang === undefined ? {} : { lang },
  }) as unknown as FastifyRequest;

describe("a request's language (decision 094)", () => {
  it.each([
    ['ar', undefined, 'ar', 'ar'],
    ['ar-AE,ar;q=0.9,en;q=0.8', undefined, 'ar', 'ar'],
    ['AR;q=0.9', undefined, 'ar', 'ar'],
    ['en-GB,ar;q=0.9', undefined, 'en', 'en'],
    ['en', 'ar', 'en', 'ar'],
    [undefined, 'ar', 'en', 'ar'],
    ['arn', 'fr', 'en', 'en'],
    ['ar', 'en', 'ar', 'ar'],
    [undefined, undefined, 'en', 'en'],
  ])('Accept-Language %j, cookie %j: page %s, request %s', (acceptLanguage, lang, page, wanted) => {
    expect(pageLanguage(request(acceptLanguage, lang))).toBe(page);
    expect(requestLanguage(request(acceptLanguage, lang))).toBe(wanted);
  });
});
