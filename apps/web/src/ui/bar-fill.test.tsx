import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarFill } from './bar-fill.tsx';

describe('BarFill', () => {
  it('draws the filled stretch with SVG attributes, so server HTML has no style attribute for the CSP to block', () => {
    const html = renderToString(<BarFill from={20} to={65} radius={3} fill="fill-stone-900" />);

    expect(html).not.toContain('style=');
    const rect = new DOMParser().parseFromString(html, 'text/html').querySelector('rect')!;
    expect(rect.getAttribute('x')).toBe('20%');
    expect(rect.getAttribute('width')).toBe('45%');
  });
});
