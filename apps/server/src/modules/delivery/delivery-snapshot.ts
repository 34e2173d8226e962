import type { BusinessDays, CodTerms, DeliveryFeeRule } from '@bazaar/shared';
import type { DbOrTx } from '../../db/client';
import {
  type DeliveryZoneRow,
  findAllRules,
  findDeliveryRevision,
  findDeliverySettings,
  findZones,
} from './delivery.repo';
import type { DeliveryCalendar } from './delivery-dates';
import { ZoneMatcher } from './zone-matcher';

/** A zone as checks and quotes use it. */
export interface DeliveryZone {
  id: string;
  name: string;
  isDefault: boolean;
  position: number;
  fee: DeliveryFeeRule;
  minDays: number;
  maxDays: number;
  cod: boolean;
  /** Cash on delivery's fee and order values here; null when the zone does not offer it. */
  codTerms: CodTerms | null;
  /** False only for a default zone the admin switched off ("delivers outside listed zones"). */
  delivers: boolean;
}

/** Everything a delivery answer needs, as of one revision of the zones and calendar. */
export interface DeliverySnapshot {
  revision: number;
  calendar: DeliveryCalendar;
  zones: ReadonlyMap<string, DeliveryZone>;
  defaultZone: DeliveryZone | undefined;
  matcher: ZoneMatcher;
}

/** Minutes after midnight from "HH:MM", and back. */
export const cutoffMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const cutoffText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function toZone(row: DeliveryZoneRow): DeliveryZone {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    position: row.position,
    fee: { feePaise: row.feePaise, freeAbovePaise: row.freeAbovePaise },
    minDays: row.minDays,
    maxDays: row.maxDays,
    cod: row.cod,
    codTerms: row.cod
      ? { feePaise: row.codFeePaise, minOrderPaise: row.codMinPaise, maxOrderPaise: row.codMaxPaise }
      : null,
    delivers: row.delivers,
  };
}

/**
 * Reads the zones, their rules and the calendar as one consistent picture: the revision first, in the
 * same read (inside `tx` when given one, else in a read-only repeatable-read transaction of its own), so
 * the snapshot is never labelled newer than what it holds.
 */
export async function loadSnapshot(read: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>) {
  return read(async (tx): Promise<DeliverySnapshot> => {
    // One after the other: a transaction is one connection.
    const revision = await findDeliveryRevision(tx);
    const settings = await findDeliverySettings(tx);
    const rows = await findZones(tx);
    const rules = await findAllRules(tx);
    const zones = new Map(rows.map((row) => [row.id, toZone(row)]));
    // The default zone lists no pincodes (the admin service refuses them); any row found is ignored.
    const listed = rules.filter((rule) => zones.get(rule.zoneId)?.isDefault === false);
    return {
      revision,
      calendar: {
        businessDays: (settings?.businessDays ?? 'mon-sat') as BusinessDays,
        cutoffMinutes: settings?.cutoffMinutes ?? 14 * 60,
        holidays: new Set(settings?.holidays ?? []),
      },
      zones,
      defaultZone: [...zones.values()].find((z) => z.isDefault),
      matcher: ZoneMatcher.build(listed),
    };
  });
}
