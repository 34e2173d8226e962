import type { PincodeRule, PincodeRuleKind } from '@bazaar/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliverySettings, deliveryZonePincodes, deliveryZones } from '../../db/schema/delivery';

export type DeliverySettingsRow = typeof deliverySettings.$inferSelect;
export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;
export interface ZoneRuleRow extends PincodeRule {
  zoneId: string;
  /** The zone's place in the admin's order. */
  zonePosition: number;
}

/** The revision the zones and calendar are at (0 on a database without the row). */
export async function findDeliveryRevision(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ revision: deliverySettings.revision })
    .from(deliverySettings)
    .where(eq(deliverySettings.id, 1));
  return row?.revision ?? 0;
}

/**
 * The revision read as a prepared statement (planned once per connection): every Check delivery asks
 * it, so its text is built and parsed once, not on each answer.
 */
export function prepareDeliveryRevision(db: DbOrTx): { read(): Promise<number> } {
  const statement = db
    .select({ revision: deliverySettings.revision })
    .from(deliverySettings)
    .where(eq(deliverySettings.id, 1))
    .prepare('delivery_revision');
  return { read: async () => (await statement.execute())[0]?.revision ?? 0 };
}

export async function findDeliverySettings(db: DbOrTx): Promise<DeliverySettingsRow | undefined> {
  const [row] = await db.select().from(deliverySettings).where(eq(deliverySettings.id, 1));
  return row;
}

/**
 * Counts the revision up and locks the settings row until the transaction ends: every delivery write
 * takes its turn here first, so positions and the revision never race.
 */
export async function bumpDeliveryRevision(tx: DbOrTx): Promise<DeliverySettingsRow> {
  const [row] = await tx
    .insert(deliverySettings)
    .values({ id: 1 })
    .onConflictDoUpdate({
      target: deliverySettings.id,
      set: { revision: sql`${deliverySettings.revision} + 1`, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function updateDeliverySettings(
  tx: DbOrTx,
  changes: Pick<DeliverySettingsRow, 'businessDays' | 'cutoffMinutes' | 'holidays'>,
): Promise<DeliverySettingsRow> {
  const [row] = await tx.update(deliverySettings).set(changes).where(eq(deliverySettings.id, 1)).returning();
  return row!;
}

/** Every zone, the default one too, in the admin's order. */
export async function findZones(db: DbOrTx): Promise<DeliveryZoneRow[]> {
  return db.select().from(deliveryZones).orderBy(asc(deliveryZones.position), asc(deliveryZones.id));
}

export async function findDefaultZone(db: DbOrTx): Promise<DeliveryZoneRow | undefined> {
  const [row] = await db.select().from(deliveryZones).where(eq(deliveryZones.isDefault, true));
  return row;
}

export async function findZone(db: DbOrTx, zoneId: string): Promise<DeliveryZoneRow | undefined> {
  const [row] = await db.select().from(deliveryZones).where(eq(deliveryZones.id, zoneId));
  return row;
}

/**
 * Every zone's rules with the zone's place in the admin's order (the process's matcher is built from
 * them). They come as one text per zone and kind ("400001-400001,400005-400009"): 20,000 rows read as
 * rows cost several times as long to decode as the same figures in a few dozen texts.
 */
export async function findAllRules(db: DbOrTx): Promise<ZoneRuleRow[]> {
  const result = (await db.execute(sql`
    select p.zone_id, p.kind, z.position, string_agg(p.low::text || '-' || p.high::text, ',') as spans
      from ${deliveryZonePincodes} p join ${deliveryZones} z on z.id = p.zone_id
     group by p.zone_id, p.kind, z.position`)) as unknown as {
    rows: { zone_id: string; kind: PincodeRuleKind; position: number; spans: string }[];
  };
  const rules: ZoneRuleRow[] = [];
  for (const { zone_id: zoneId, kind, position: zonePosition, spans } of result.rows) {
    for (const span of spans.split(',')) {
      const dash = span.indexOf('-');
      rules.push({
        zoneId,
        kind,
        low: Number(span.slice(0, dash)),
        high: Number(span.slice(dash + 1)),
        zonePosition,
      });
    }
  }
  return rules;
}

/** One zone's rules, in pincode order. */
export async function findZoneRules(db: DbOrTx, zoneId: string): Promise<PincodeRule[]> {
  const rows = await db
    .select({
      kind: deliveryZonePincodes.kind,
      low: deliveryZonePincodes.low,
      high: deliveryZonePincodes.high,
    })
    .from(deliveryZonePincodes)
    .where(eq(deliveryZonePincodes.zoneId, zoneId))
    .orderBy(asc(deliveryZonePincodes.low), asc(deliveryZonePincodes.high));
  return rows.map((r) => ({ ...r, kind: r.kind as PincodeRuleKind }));
}

export type ZoneValues = Omit<DeliveryZoneRow, 'id' | 'isDefault' | 'delivers' | 'createdAt' | 'updatedAt'>;

export async function insertZone(tx: DbOrTx, values: ZoneValues): Promise<DeliveryZoneRow> {
  const [row] = await tx.insert(deliveryZones).values(values).returning();
  return row!;
}

export async function updateZone(
  tx: DbOrTx,
  zoneId: string,
  values: Partial<Omit<DeliveryZoneRow, 'id' | 'isDefault' | 'createdAt' | 'updatedAt'>>,
): Promise<DeliveryZoneRow | undefined> {
  const [row] = await tx
    .update(deliveryZones)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deliveryZones.id, zoneId))
    .returning();
  return row;
}

/** Deletes a zone that is not the default one (its rules go with it); false when there was none. */
export async function deleteZone(tx: DbOrTx, zoneId: string): Promise<boolean> {
  const rows = await tx
    .delete(deliveryZones)
    .where(and(eq(deliveryZones.id, zoneId), eq(deliveryZones.isDefault, false)))
    .returning({ id: deliveryZones.id });
  return rows.length > 0;
}

/** The next free place at the end of the admin's list. */
export async function nextZonePosition(tx: DbOrTx): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${deliveryZones.position}), 0)::int` })
    .from(deliveryZones)
    .where(eq(deliveryZones.isDefault, false));
  return (row?.last ?? 0) + 1;
}

/** Numbers the zones 1, 2, 3… in the given order. */
export async function setZonePositions(tx: DbOrTx, zoneIds: readonly string[]): Promise<void> {
  if (zoneIds.length === 0) return;
  await tx.execute(sql`
    update ${deliveryZones} set position = ordered.position, updated_at = now()
      from unnest(${`{${zoneIds.join(',')}}`}::uuid[]) with ordinality as ordered(id, position)
     where ${deliveryZones.id} = ordered.id`);
}

/** Replaces a zone's rules (`add`: adds to them; a rule it already lists stays once). */
export async function writeZoneRules(
  tx: DbOrTx,
  zoneId: string,
  rules: readonly PincodeRule[],
  mode: 'replace' | 'add',
): Promise<void> {
  if (mode === 'replace')
    await tx.delete(deliveryZonePincodes).where(eq(deliveryZonePincodes.zoneId, zoneId));
  if (rules.length === 0) return;
  // One statement whatever the count: the rules travel as three arrays (20,000 rows as parameters
  // would pass PostgreSQL's limit of 65,535 per statement).
  await tx.execute(sql`
    insert into ${deliveryZonePincodes} (zone_id, kind, low, high)
    select ${zoneId}::uuid, r.kind, r.low, r.high
      from unnest(${arrayText(rules.map((r) => r.kind))}::text[], ${arrayText(rules.map((r) => r.low))}::int[],
                  ${arrayText(rules.map((r) => r.high))}::int[]) as r(kind, low, high)
    on conflict do nothing`);
}

/** A PostgreSQL array literal of plain words and numbers (nothing here needs quoting). */
const arrayText = (values: readonly (string | number)[]) => `{${values.join(',')}}`;
