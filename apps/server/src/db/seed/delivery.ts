import type { PincodeRule } from '@bazaar/shared';
import { parsePincodeRule } from '@bazaar/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { deliverySettings, deliveryZonePincodes, deliveryZones } from '../schema/delivery';

/** A demo zone: rupees are paise here, days are business days from dispatch. */
export interface DemoZone {
  name: string;
  pincodes: string[];
  feePaise: number;
  freeAbovePaise: number | null;
  minDays: number;
  maxDays: number;
  cod: boolean;
  /** Cash on delivery's fee and the order values it takes (paise; null: no maximum). */
  codFeePaise?: number;
  codMinPaise?: number;
  codMaxPaise?: number | null;
}

/**
 * The demo's delivery map: five metros by their pincode prefixes, each with its own fee and dates and
 * cash on delivery; the shop is in Bengaluru, so its own city is quickest and cheapest. The rest of
 * India is the default zone, at the figures the shop charged before zones existed (₹50, free from ₹140).
 */
export const DEMO_ZONES: DemoZone[] = [
  {
    name: 'Bengaluru',
    pincodes: ['560'],
    feePaise: 3_000,
    freeAbovePaise: 10_000,
    minDays: 1,
    maxDays: 1,
    cod: true,
    codFeePaise: 2_900,
  },
  {
    name: 'Mumbai',
    pincodes: ['400'],
    feePaise: 4_000,
    freeAbovePaise: 14_000,
    minDays: 1,
    maxDays: 2,
    cod: true,
  },
  {
    name: 'Delhi',
    pincodes: ['110'],
    feePaise: 4_000,
    freeAbovePaise: 14_000,
    minDays: 2,
    maxDays: 3,
    cod: true,
  },
  {
    name: 'Chennai',
    pincodes: ['600'],
    feePaise: 5_000,
    freeAbovePaise: 20_000,
    minDays: 2,
    maxDays: 4,
    cod: true,
  },
  {
    name: 'Kolkata',
    pincodes: ['700'],
    feePaise: 6_000,
    freeAbovePaise: 25_000,
    minDays: 3,
    maxDays: 5,
    cod: true,
  },
];

export const DEMO_DEFAULT_ZONE = {
  name: 'Rest of India',
  feePaise: 5_000,
  freeAbovePaise: 14_000,
  minDays: 4,
  maxDays: 7,
  // Cash on delivery everywhere the shop delivers, for ₹49, on orders of ₹200 to ₹20,000.
  cod: true,
  codFeePaise: 4_900,
  codMinPaise: 20_000,
  codMaxPaise: 2_000_000,
  delivers: true,
} as const;

/** National holidays on fixed dates, this year and next: nothing leaves or arrives. */
export function demoHolidays(now: Date): string[] {
  const year = now.getUTCFullYear();
  return [year, year + 1].flatMap((y) => [`${y}-01-26`, `${y}-08-15`, `${y}-10-02`, `${y}-12-25`]);
}

const rules = (zone: DemoZone): PincodeRule[] => zone.pincodes.map((p) => parsePincodeRule(p)!);

/**
 * Writes the demo's zones, default zone and calendar in the seed's transaction, unless an admin
 * already made zones. The revision moves on and the change is announced, so a process that read the
 * zones before sees these.
 */
export async function seedDemoDelivery(tx: Tx, now: Date): Promise<number> {
  const [made] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryZones)
    .where(eq(deliveryZones.isDefault, false));
  if ((made?.n ?? 0) > 0) return 0;
  const [settings] = await tx
    .insert(deliverySettings)
    .values({ id: 1, holidays: demoHolidays(now) })
    .onConflictDoUpdate({
      target: deliverySettings.id,
      set: { holidays: demoHolidays(now), revision: sql`${deliverySettings.revision} + 1` },
    })
    .returning({ revision: deliverySettings.revision });
  // As every delivery write does (modules/delivery/zone-memory.ts): heard by every process at the commit.
  const notice = JSON.stringify({ revision: settings!.revision, origin: 'seed' });
  await tx.execute(sql`select pg_notify('delivery_changed', ${notice})`);
  await tx.update(deliveryZones).set(DEMO_DEFAULT_ZONE).where(eq(deliveryZones.isDefault, true));
  for (const [i, zone] of DEMO_ZONES.entries()) {
    const { pincodes: _typed, ...terms } = zone;
    const [row] = await tx
      .insert(deliveryZones)
      .values({ ...terms, position: i + 1 })
      .returning({ id: deliveryZones.id });
    await tx.insert(deliveryZonePincodes).values(rules(zone).map((r) => ({ zoneId: row!.id, ...r })));
  }
  return DEMO_ZONES.length;
}
