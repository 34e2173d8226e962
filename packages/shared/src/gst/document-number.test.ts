import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_NOTE_SERIES,
  financialYearOf,
  financialYearStarting,
  formatDocumentNumber,
  INVOICE_SERIES,
  MAX_DOCUMENT_NUMBER_LENGTH,
  parseDocumentNumber,
} from './document-number';

describe('the financial year, April to March in India time', () => {
  it('turns at midnight of 1 April in India, 18:30 UTC on 31 March', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z')).label).toBe('26-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z')).label).toBe('27-28');
    expect(financialYearOf(new Date('2026-12-31T23:00:00Z'))).toMatchObject({
      startYear: 2026,
      label: '26-27',
    });
    expect(financialYearOf(new Date('2026-01-15T00:00:00Z')).label).toBe('25-26');
    expect(financialYearOf(new Date('2099-03-01T00:00:00Z')).label).toBe('98-99');
  });

  it('knows its bounds as instants', () => {
    const fy = financialYearStarting(2026);
    expect(fy.starts.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(fy.ends.toISOString()).toBe('2027-03-31T18:30:00.000Z');
  });

  it('places every moment inside its year’s bounds', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-04-01T00:00:00Z'),
          max: new Date('2099-03-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => {
          const fy = financialYearOf(at);
          expect(at.getTime()).toBeGreaterThanOrEqual(fy.starts.getTime());
          expect(at.getTime()).toBeLessThan(fy.ends.getTime());
        },
      ),
    );
  });
});

describe('invoice and credit note numbers', () => {
  const fy = financialYearStarting(2026);

  it('formats the two series within 16 characters', () => {
    expect(formatDocumentNumber(INVOICE_SERIES, fy, 123)).toBe('INV/26-27/000123');
    expect(formatDocumentNumber(CREDIT_NOTE_SERIES, fy, 7)).toBe('CN/26-27/000007');
    expect(formatDocumentNumber(INVOICE_SERIES, fy, 999_999)).toHaveLength(MAX_DOCUMENT_NUMBER_LENGTH);
    expect(formatDocumentNumber('B', financialYearStarting(2099 - 1), 1)).toBe('B/98-99/000001');
  });

  it('refuses sequences and series that would break the rule', () => {
    expect(() => formatDocumentNumber(INVOICE_SERIES, fy, 0)).toThrow(RangeError);
    expect(() => formatDocumentNumber(INVOICE_SERIES, fy, 1_000_000)).toThrow(RangeError);
    expect(() => formatDocumentNumber('INVC', fy, 1)).toThrow(RangeError);
    expect(() => formatDocumentNumber('in', fy, 1)).toThrow(RangeError);
  });

  it('parses what it formats, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(INVOICE_SERIES, CREDIT_NOTE_SERIES, 'A', 'XYZ'),
        fc.integer({ min: 2000, max: 2098 }),
        fc.integer({ min: 1, max: 999_999 }),
        (series, year, sequence) => {
          const text = formatDocumentNumber(series, financialYearStarting(year), sequence);
          expect(text.length).toBeLessThanOrEqual(16);
          expect(text).toMatch(/^[A-Za-z0-9/-]+$/);
          expect(parseDocumentNumber(text)).toEqual({ series, year: financialYearStarting(year), sequence });
        },
      ),
    );
    for (const bad of [
      'INV/26-28/000001',
      'INV/26-27/000000',
      'INV/26-27/00001',
      'inv/26-27/000001',
      'INV-26-27-000001',
      'INV/99-00/000001',
    ]) {
      expect(parseDocumentNumber(bad)).toBeNull();
    }
  });

  it('orders a year’s numbers as their sequence does (consecutive numbers sort consecutively)', () => {
    const numbers = [3, 10, 1, 999, 100_000].map((n) => formatDocumentNumber(INVOICE_SERIES, fy, n));
    expect([...numbers].sort()).toEqual(
      [1, 3, 10, 999, 100_000].map((n) => formatDocumentNumber(INVOICE_SERIES, fy, n)),
    );
  });
});
