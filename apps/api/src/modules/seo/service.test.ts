import { describe, expect, it } from 'vitest';
import { escapeXml, robotsTxt, splitSitemap } from './service.ts';

const SHOP = 'https://shop.example';
const urls = (n: number) => Array.from({ length: n }, (_, i) => ({ loc: `${SHOP}/books/${i}` }));
const count = (xml: string, tag: string) => xml.split(`<${tag}>`).length - 1;

describe('splitSitemap', () => {
  it('keeps up to the limit in one urlset, with no numbered files', () => {
    const { main, parts } = splitSitemap(urls(3), SHOP, 3);
    expect(main).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(count(main, 'url')).toBe(3);
    expect(parts).toEqual([]);
  });

  it('over the limit, answers an index of numbered files of at most the limit each', () => {
    const { main, parts } = splitSitemap(urls(7), SHOP, 3);
    expect(main).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(count(main, 'url')).toBe(0);
    expect(main.match(/<loc>[^<]*<\/loc>/g)).toEqual([1, 2, 3].map((n) => `<loc>${SHOP}/sitemap-${n}.xml</loc>`));
    expect(parts.map((part) => count(part, 'url'))).toEqual([3, 3, 1]);
    expect(parts[2]).toContain(`<loc>${SHOP}/books/6</loc>`);
  });
});

describe('escapeXml', () => {
  it('escapes the five characters XML reserves: & < > \' "', () => {
    expect(escapeXml(`a&b<c>d'e"f`)).toBe('a&amp;b&lt;c&gt;d&apos;e&quot;f');
  });
});

describe('robotsTxt', () => {
  it('names the sitemap on the public URL', () => {
    expect(robotsTxt(SHOP)).toMatch(/^Sitemap: https:\/\/shop\.example\/sitemap\.xml$/m);
  });
});
