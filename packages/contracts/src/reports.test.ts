import { describe, expect, it } from 'vitest';
import { quarterOf, recentQuarters, VatReportQuerySchema } from './reports.ts';

describe('quarterOf', () => {
  it('names the quarter holding a shop day, first and last days included', () => {
    expect(quarterOf('2026-11-26')).toEqual({ label: 'Q4 2026', from: '2026-10-01', to: '2026-12-31' });
    expect(quarterOf('2026-01-01')).toEqual({ label: 'Q1 2026', from: '2026-01-01', to: '2026-03-31' });
    expect(quarterOf('2026-06-30')).toEqual({ label: 'Q2 2026', from: '2026-04-01', to: '2026-06-30' });
    expect(quarterOf('2026-09-30').to).toBe('2026-09-30');
  });

  it('counts back across years', () => {
    expect(recentQuarters('2026-02-10', 3)).toEqual([
      { label: 'Q1 2026', from: '2026-01-01', to: '2026-03-31' },
      { label: 'Q4 2025', from: '2025-10-01', to: '2025-12-31' },
      { label: 'Q3 2025', from: '2025-07-01', to: '2025-09-30' },
    ]);
    expect(quarterOf('2028-05-01', 5)).toEqual({ label: 'Q1 2027', from: '2027-01-01', to: '2027-03-31' });
  });
});

describe('VatReportQuerySchema', () => {
  it('takes real days, from ≤ to, at most 366 days', () => {
    expect(VatReportQuerySchema.safeParse({ from: '2028-01-01', to: '2028-12-31' }).success).toBe(true);
    expect(VatReportQuerySchema.safeParse({ from: '2027-01-01', to: '2028-01-01' }).success).toBe(true);
    expect(VatReportQuerySchema.safeParse({ from: '2027-01-01', to: '2028-01-02' }).success).toBe(false);
    expect(VatReportQuerySchema.safeParse({ from: '2026-02-29', to: '2026-03-01' }).success).toBe(false);
    expect(VatReportQuerySchema.safeParse({ from: '2026-99-01', to: '2026-03-01' }).success).toBe(false);
    expect(VatReportQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
  });
});
