import {
  type AdminDefaultZone,
  type AdminDelivery,
  type AdminDeliveryZone,
  type BusinessDays,
  DELIVERY_LIMITS,
  type DefaultZoneInput,
  type DeliveryCalendar,
  type DeliveryCalendarInput,
  type DeliveryZoneInput,
  idSchema,
  type PincodeRule,
  paiseToRupees,
  pincodeRuleText,
  rupeesToPaise,
} from '@bazaar/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { inTransaction, type UnitOfWork } from '../../db/transaction';
import { type AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { type Actor, type AuditService, diff } from '../audit/index';
import {
  bumpDeliveryRevision,
  type DeliverySettingsRow,
  type DeliveryZoneRow,
  deleteZone,
  findAllRules,
  findDefaultZone,
  findDeliverySettings,
  findZone,
  findZoneRules,
  findZones,
  insertZone,
  nextZonePosition,
  setZonePositions,
  updateDeliverySettings,
  updateZone,
  writeZoneRules,
} from './delivery.repo';
import type { DeliveryService } from './delivery.service';
import { cutoffMinutes, cutoffText } from './delivery-snapshot';
import { type FileLineProblem, readPincodeFile } from './pincode-file';

export interface DeliveryAdminServiceDeps {
  db: Db;
  audit: AuditService;
  delivery: DeliveryService;
}

const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
const money = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));

/** The fields the audit log shows, in the admin's terms. */
const termsView = (z: DeliveryZoneRow) => ({
  name: z.name,
  fee: rupees(z.feePaise),
  freeAbove: rupees(z.freeAbovePaise),
  minDays: z.minDays,
  maxDays: z.maxDays,
  cod: z.cod,
  codFee: rupees(z.codFeePaise),
  codMin: rupees(z.codMinPaise),
  codMax: rupees(z.codMaxPaise),
});

/** Rules named in an audit entry; a change of thousands is counted, not listed. */
const AUDIT_RULES_LISTED = 20;
const listed = (rules: readonly string[]) =>
  rules.length > AUDIT_RULES_LISTED
    ? [...rules.slice(0, AUDIT_RULES_LISTED), `… ${rules.length - AUDIT_RULES_LISTED} more`]
    : rules;

function ruleChanges(before: readonly PincodeRule[], after: readonly PincodeRule[]) {
  const was = new Set(before.map(pincodeRuleText));
  const now = new Set(after.map(pincodeRuleText));
  return {
    added: [...now].filter((r) => !was.has(r)),
    removed: [...was].filter((r) => !now.has(r)),
  };
}

/** The 400 for a pincode file with bad lines: each line's number and reason under `fields`. */
function refusedFile(problems: readonly FileLineProblem[]): AppError {
  const fields: Record<string, string> = {};
  for (const p of problems.slice(0, DELIVERY_LIMITS.csvErrorsShown)) fields[`line ${p.line}`] = p.message;
  const count = problems.length;
  return badRequest(
    `${count === 1 ? '1 line' : `${count} lines`} of the file ${count === 1 ? 'is' : 'are'} not valid; nothing was saved.${
      count > DELIVERY_LIMITS.csvErrorsShown ? ` The first ${DELIVERY_LIMITS.csvErrorsShown} are listed.` : ''
    }`,
    fields,
  );
}

/**
 * Admins defining where the shop delivers. Every write is one transaction that starts by counting
 * the delivery revision up (which also queues delivery writes behind each other, so names and
 * positions are checked without a race), records its audit entry, and tells every process's copy of
 * the zones at its commit (a NOTIFY in the transaction).
 */
export class DeliveryAdminService {
  constructor(private readonly deps: DeliveryAdminServiceDeps) {}

  /** The Delivery zones screen: the calendar, the default zone and every other zone with its rules. */
  async overview(db: DbOrTx = this.deps.db): Promise<AdminDelivery> {
    // One after the other: inside a transaction (a reorder's reply) it is one connection.
    const settings = await findDeliverySettings(db);
    const zones = await findZones(db);
    const rules = await findAllRules(db);
    const byZone = new Map<string, PincodeRule[]>();
    for (const rule of rules) {
      const list = byZone.get(rule.zoneId);
      if (list) list.push(rule);
      else byZone.set(rule.zoneId, [rule]);
    }
    const fallback = zones.find((z) => z.isDefault);
    if (!fallback) throw new Error('the default delivery zone is missing (migration 0020 makes it)');
    return {
      calendar: calendarReply(settings),
      defaultZone: defaultZoneReply(fallback),
      zones: zones.filter((z) => !z.isDefault).map((z) => zoneReply(z, byZone.get(z.id) ?? [])),
    };
  }

  async createZone(actor: Actor, input: DeliveryZoneInput): Promise<AdminDeliveryZone> {
    return this.write(async (tx) => {
      const zones = await findZones(tx);
      if (zones.length - 1 >= DELIVERY_LIMITS.zones) {
        throw conflict(`A shop may have at most ${DELIVERY_LIMITS.zones} zones.`);
      }
      nameFree(zones, input.name);
      const zone = await insertZone(tx, { ...this.terms(input), position: await nextZonePosition(tx) });
      await writeZoneRules(tx, zone.id, input.pincodes, 'replace');
      const rules = await findZoneRules(tx, zone.id);
      await this.deps.audit.record(tx, actor, {
        action: 'delivery.create_zone',
        entityId: zone.id,
        summary: `Zone ${zone.name}: ${rules.length} pincode rules, ${feeText(zone)}, ${zone.minDays}–${zone.maxDays} days${zone.cod ? ', cash on delivery' : ''}`,
        after: { ...termsView(zone), pincodes: listed(rules.map(pincodeRuleText)) },
      });
      return zoneReply(zone, rules);
    });
  }

  /** Replaces the zone's terms and its pincodes with the form's. */
  async updateZone(actor: Actor, zoneId: string, input: DeliveryZoneInput): Promise<AdminDeliveryZone> {
    return this.write(async (tx) => {
      const current = await this.listedZone(tx, zoneId);
      nameFree(await findZones(tx), input.name, current.id);
      const before = await findZoneRules(tx, current.id);
      const zone = (await updateZone(tx, current.id, this.terms(input)))!;
      await writeZoneRules(tx, zone.id, input.pincodes, 'replace');
      const after = await findZoneRules(tx, zone.id);
      await this.recordZoneChange(tx, actor, 'delivery.update_zone', current, zone, before, after);
      return zoneReply(zone, after);
    });
  }

  /**
   * A pincode file for a zone: every line checked before anything is written (a refusal names each
   * bad line); then its rules replace the zone's, or are added to them.
   */
  async importPincodes(
    actor: Actor,
    zoneId: string,
    file: Buffer,
    mode: 'replace' | 'add',
  ): Promise<AdminDeliveryZone> {
    const read = readPincodeFile(file);
    if ('problems' in read) throw refusedFile(read.problems);
    return this.write(async (tx) => {
      const current = await this.listedZone(tx, zoneId);
      const before = await findZoneRules(tx, current.id);
      await writeZoneRules(tx, current.id, read.rules, mode);
      const after = await findZoneRules(tx, current.id);
      if (after.length > DELIVERY_LIMITS.rulesPerZone) {
        throw conflict(
          `A zone may list at most ${DELIVERY_LIMITS.rulesPerZone} pincode rules; this file would make ${after.length}.`,
        );
      }
      const zone = (await updateZone(tx, current.id, {}))!;
      await this.recordZoneChange(tx, actor, 'delivery.import_pincodes', current, zone, before, after, mode);
      return zoneReply(zone, after);
    });
  }

  async deleteZone(actor: Actor, zoneId: string): Promise<{ id: string }> {
    return this.write(async (tx) => {
      const current = await this.listedZone(tx, zoneId);
      const rules = await findZoneRules(tx, current.id);
      await deleteZone(tx, current.id);
      await this.deps.audit.record(tx, actor, {
        action: 'delivery.delete_zone',
        entityId: current.id,
        summary: `Zone ${current.name} deleted (${rules.length} pincode rules); its pincodes fall to other zones or the default zone`,
        before: { ...termsView(current), pincodes: listed(rules.map(pincodeRuleText)) },
      });
      return { id: current.id };
    });
  }

  /** The admin's order of the zones (ties between equally narrow rules go to the higher one). */
  async reorder(actor: Actor, zoneIds: readonly string[]): Promise<AdminDelivery> {
    return this.write(async (tx) => {
      const listedZones = (await findZones(tx)).filter((z) => !z.isDefault);
      const known = new Set(listedZones.map((z) => z.id));
      if (
        zoneIds.length !== known.size ||
        new Set(zoneIds).size !== known.size ||
        zoneIds.some((id) => !known.has(id))
      ) {
        throw conflict('The zones changed meanwhile: reload the page and order them again.', {
          zoneIds: 'Name every zone once',
        });
      }
      const names = new Map(listedZones.map((z) => [z.id, z.name]));
      await setZonePositions(tx, zoneIds);
      await this.deps.audit.record(tx, actor, {
        action: 'delivery.reorder_zones',
        entityId: null,
        summary: `Zones ordered: ${zoneIds.map((id) => names.get(id)).join(', ')}`,
        before: { order: listedZones.map((z) => z.name) },
        after: { order: zoneIds.map((id) => names.get(id)) },
      });
      return this.overview(tx);
    });
  }

  /** The fallback zone's terms and "delivers outside listed zones". */
  async updateDefaultZone(actor: Actor, input: DefaultZoneInput): Promise<AdminDefaultZone> {
    return this.write(async (tx) => {
      const current = await findDefaultZone(tx);
      if (!current) throw new Error('the default delivery zone is missing (migration 0020 makes it)');
      nameFree(await findZones(tx), input.name, current.id);
      const zone = (await updateZone(tx, current.id, {
        ...this.terms(input),
        delivers: input.deliversOutside,
      }))!;
      const view = (z: DeliveryZoneRow) => ({ ...termsView(z), deliversOutside: z.delivers });
      const change = diff(view(current), view(zone));
      await this.deps.audit.record(tx, actor, {
        action: 'delivery.update_default_zone',
        entityId: zone.id,
        summary: change
          ? `Default zone: changed ${Object.keys(change.after).join(', ')}`
          : 'Default zone saved without changes',
        ...change,
      });
      return defaultZoneReply(zone);
    });
  }

  async updateCalendar(actor: Actor, input: DeliveryCalendarInput): Promise<DeliveryCalendar> {
    return this.write(async (tx) => {
      const current = calendarReply(await findDeliverySettings(tx));
      const updated = calendarReply(
        await updateDeliverySettings(tx, {
          businessDays: input.businessDays,
          cutoffMinutes: cutoffMinutes(input.cutoff),
          holidays: input.holidays,
        }),
      );
      const change = diff(current, updated);
      await this.deps.audit.record(tx, actor, {
        action: 'delivery.update_calendar',
        entityId: null,
        summary: change
          ? `Delivery calendar: changed ${Object.keys(change.after).join(', ')}`
          : 'Delivery calendar saved without changes',
        ...change,
      });
      return updated;
    });
  }

  /** One delivery write: the revision first (and its lock), then the work; every process told at its commit. */
  private write<T>(work: (tx: Tx, unit: UnitOfWork) => Promise<T>): Promise<T> {
    return inTransaction(this.deps.db, async (tx, unit) => {
      const { revision } = await bumpDeliveryRevision(tx);
      const result = await work(tx, unit);
      await this.deps.delivery.announce(tx, revision);
      unit.afterCommit(() => this.deps.delivery.changed(revision));
      return result;
    });
  }

  private terms(input: DeliveryZoneInput | DefaultZoneInput) {
    return {
      name: input.name,
      feePaise: rupeesToPaise(input.fee),
      freeAbovePaise: money(input.freeAbove),
      minDays: input.minDays,
      maxDays: input.maxDays,
      cod: input.cod,
      codFeePaise: rupeesToPaise(input.codFee),
      codMinPaise: rupeesToPaise(input.codMin),
      codMaxPaise: money(input.codMax),
    };
  }

  /** A zone other than the default one, or a 404. */
  private async listedZone(tx: DbOrTx, zoneId: string): Promise<DeliveryZoneRow> {
    const zone = idSchema.safeParse(zoneId).success ? await findZone(tx, zoneId) : undefined;
    if (!zone) throw notFound('Delivery zone not found');
    if (zone.isDefault) {
      throw conflict(
        'The default zone lists no pincodes and cannot be deleted: it answers for every pincode no zone lists.',
      );
    }
    return zone;
  }

  private async recordZoneChange(
    tx: DbOrTx,
    actor: Actor,
    action: 'delivery.update_zone' | 'delivery.import_pincodes',
    before: DeliveryZoneRow,
    after: DeliveryZoneRow,
    rulesBefore: readonly PincodeRule[],
    rulesAfter: readonly PincodeRule[],
    mode?: 'replace' | 'add',
  ): Promise<void> {
    const terms = diff(termsView(before), termsView(after));
    const rules = ruleChanges(rulesBefore, rulesAfter);
    const parts = [
      ...(terms ? [`changed ${Object.keys(terms.after).join(', ')}`] : []),
      ...(rules.added.length || rules.removed.length
        ? [`pincode rules +${rules.added.length} −${rules.removed.length} (now ${rulesAfter.length})`]
        : []),
    ];
    await this.deps.audit.record(tx, actor, {
      action,
      entityId: after.id,
      summary: `Zone ${after.name}${mode ? ` (file, ${mode})` : ''}: ${parts.join('; ') || 'saved without changes'}`,
      before: {
        ...terms?.before,
        ...(rules.removed.length ? { pincodesRemoved: listed(rules.removed) } : {}),
      },
      after: { ...terms?.after, ...(rules.added.length ? { pincodesAdded: listed(rules.added) } : {}) },
    });
  }
}

/** Zone names are unique whatever their case, the default zone's included. */
function nameFree(zones: readonly DeliveryZoneRow[], name: string, self?: string): void {
  const taken = zones.find((z) => z.id !== self && z.name.toLowerCase() === name.toLowerCase());
  if (taken)
    throw conflict(`A zone named ${taken.name} already exists.`, { name: 'This name is already in use' });
}

const feeText = (z: DeliveryZoneRow) =>
  `₹${rupees(z.feePaise)} delivery${z.freeAbovePaise === null ? '' : `, free from ₹${rupees(z.freeAbovePaise)}`}`;

function zoneReply(zone: DeliveryZoneRow, rules: readonly PincodeRule[]): AdminDeliveryZone {
  return {
    _id: zone.id,
    name: zone.name,
    fee: paiseToRupees(zone.feePaise),
    freeAbove: rupees(zone.freeAbovePaise),
    minDays: zone.minDays,
    maxDays: zone.maxDays,
    cod: zone.cod,
    codFee: paiseToRupees(zone.codFeePaise),
    codMin: paiseToRupees(zone.codMinPaise),
    codMax: rupees(zone.codMaxPaise),
    updatedAt: zone.updatedAt.toISOString(),
    position: zone.position,
    pincodes: [...rules].sort((a, b) => a.low - b.low || a.high - b.high).map(pincodeRuleText),
  };
}

function defaultZoneReply(zone: DeliveryZoneRow): AdminDefaultZone {
  return {
    _id: zone.id,
    name: zone.name,
    fee: paiseToRupees(zone.feePaise),
    freeAbove: rupees(zone.freeAbovePaise),
    minDays: zone.minDays,
    maxDays: zone.maxDays,
    cod: zone.cod,
    codFee: paiseToRupees(zone.codFeePaise),
    codMin: paiseToRupees(zone.codMinPaise),
    codMax: rupees(zone.codMaxPaise),
    updatedAt: zone.updatedAt.toISOString(),
    deliversOutside: zone.delivers,
  };
}

function calendarReply(row: DeliverySettingsRow | undefined): DeliveryCalendar {
  return {
    businessDays: (row?.businessDays ?? 'mon-sat') as BusinessDays,
    cutoff: cutoffText(row?.cutoffMinutes ?? 14 * 60),
    holidays: [...(row?.holidays ?? [])].sort(),
  };
}
