/**
 * Invoice and credit note numbers (decision 162): `INV/26-27/000123`, `CN/26-27/000007`. Rule 46 allows
 * at most 16 characters of letters, digits, "-" and "/", consecutive within a financial year (April to
 * March, India time) in one or more series. The series letters (1–3), the year and a six-digit sequence
 * make at most 16; the sequence restarts at 1 each April. The counter itself lives in the database.
 */
import { SHOP_UTC_OFFSET_MINUTES } from '../constants';

export const INVOICE_SERIES = 'INV';
export const CREDIT_NOTE_SERIES = 'CN';
export const MAX_DOCUMENT_SEQUENCE = 999_999;
export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60_000;
const SERIES = /^[A-Z]{1,3}$/;
const NUMBER = /^([A-Z]{1,3})\/([0-9]{2})-([0-9]{2})\/([0-9]{6})$/;

export interface FinancialYear {
  /** The calendar year the financial year starts in: 2026 for April 2026 – March 2027. */
  startYear: number;
  /** "26-27". */
  label: string;
  /** 1 April 00:00 India time, as an instant. */
  starts: Date;
  /** The next 1 April 00:00 India time (exclusive end). */
  ends: Date;
}

const yy = (year: number) => String(year % 100).padStart(2, '0');

export function financialYearStarting(startYear: number): FinancialYear {
  if (!Number.isInteger(startYear) || startYear < 2000 || startYear > 2098) {
    throw new RangeError(`No financial year starts in ${startYear} here (2000–2098)`);
  }
  return {
    startYear,
    label: `${yy(startYear)}-${yy(startYear + 1)}`,
    starts: new Date(Date.UTC(startYear, 3, 1) - OFFSET_MS),
    ends: new Date(Date.UTC(startYear + 1, 3, 1) - OFFSET_MS),
  };
}

/** The Indian financial year (April–March, India time) a moment falls in. */
export function financialYearOf(at: Date): FinancialYear {
  const local = new Date(at.getTime() + OFFSET_MS);
  const year = local.getUTCFullYear();
  return financialYearStarting(local.getUTCMonth() >= 3 ? year : year - 1);
}

/** "INV/26-27/000123": the `sequence`th document of `series` in the financial year. */
export function formatDocumentNumber(series: string, year: FinancialYear, sequence: number): string {
  if (!SERIES.test(series))
    throw new RangeError(`A series is 1–3 capital letters, not ${JSON.stringify(series)}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_DOCUMENT_SEQUENCE) {
    throw new RangeError(`A document's sequence runs from 1 to ${MAX_DOCUMENT_SEQUENCE}, not ${sequence}`);
  }
  return `${series}/${year.label}/${String(sequence).padStart(6, '0')}`;
}

export interface DocumentNumber {
  series: string;
  year: FinancialYear;
  sequence: number;
}

/** The parts of a number `formatDocumentNumber` made, or null for anything else. */
export function parseDocumentNumber(text: string): DocumentNumber | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const [, series, from, to, digits] = match;
  const startYear = 2000 + Number(from);
  if (Number(to) !== (startYear + 1) % 100 || startYear > 2098) return null;
  const sequence = Number(digits);
  if (sequence < 1) return null;
  return { series: series!, year: financialYearStarting(startYear), sequence };
}
