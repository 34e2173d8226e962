import {
  type CodTerms,
  DEFAULT_PRICING,
  DELIVERY_MESSAGES,
  type DeliveryCheck,
  type DeliveryFeeRule,
  type DeliveryLookup,
  deliveryDayLabel,
  deliveryFeePaise,
  PINCODE_PATTERN,
  paiseToRupees,
  pincodeRuleText,
} from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import type { Events } from '../../lib/events/index';
import { findDefaultZone } from './delivery.repo';
import { type DeliveryDates, deliveryDates } from './delivery-dates';
import type { DeliverySnapshot, DeliveryZone } from './delivery-snapshot';
import type { RankedRule } from './zone-matcher';
import { ZoneMemory } from './zone-memory';

export interface DeliveryServiceDeps {
  db: Db;
  database: Pick<Database, 'kind'>;
  events: Events;
  log: FastifyBaseLogger;
  clock: Clock;
}

/** What delivery to a pincode costs and when it arrives, or that the shop does not deliver there. */
export type DeliveryQuote =
  | {
      deliverable: true;
      zone: { id: string; name: string; isDefault: boolean };
      /** The zone's fee rule, and what it charges on the amount quoted for. */
      feeRule: DeliveryFeeRule;
      feePaise: number;
      cod: boolean;
      /** Cash on delivery's terms here (orders/cod-checkout.ts decides with them); null when not offered. */
      codTerms: CodTerms | null;
      dates: DeliveryDates;
    }
  | { deliverable: false; zone: null };

interface Served {
  zone: DeliveryZone | undefined;
  rule: RankedRule | undefined;
}

/**
 * Where the shop delivers, for whom it is asked: the shopper's Check delivery, checkout's quote (the
 * zone's fee and refusal outside every zone come with the address book) and the pricing's default fee.
 * Answers come from the process's copy of the zones (`ZoneMemory`), checked against the database's
 * revision on every call.
 */
export class DeliveryService {
  private readonly memory: ZoneMemory;

  constructor(private readonly deps: DeliveryServiceDeps) {
    this.memory = new ZoneMemory(deps);
  }

  /** Loads the zones and listens for changes made elsewhere; the app calls it once it is ready. */
  start(): Promise<void> {
    return this.memory.start();
  }

  close(): Promise<void> {
    return this.memory.close();
  }

  /** Calls `listener` after every change of the zones or calendar, in any process; returns a remover. */
  onChange(listener: () => void): () => void {
    return this.memory.onChange(listener);
  }

  /** Inside a write of the zones or calendar: every process hears of it at the commit. */
  announce(tx: DbOrTx, revision: number): Promise<void> {
    return this.memory.announce(tx, revision);
  }

  /** After such a write committed here: this process's listeners are told and its copy rebuilt. */
  changed(revision: number): void {
    this.memory.changed(revision);
  }

  /**
   * Delivery to `pincode` for an order worth `afterDiscountsPaise` placed at `now`: the zone that
   * serves it (decision record 174), its fee on that amount, its dates and whether it offers cash on
   * delivery; or not deliverable. Pass checkout's transaction as `db` to read what it sees.
   */
  async quote(db: DbOrTx, pincode: string, afterDiscountsPaise: number, now: Date): Promise<DeliveryQuote> {
    const snapshot = await this.memory.snapshot(db);
    const { zone } = serve(snapshot, checkedPincode(pincode));
    if (!zone?.delivers) return { deliverable: false, zone: null };
    return {
      deliverable: true,
      zone: { id: zone.id, name: zone.name, isDefault: zone.isDefault },
      feeRule: zone.fee,
      feePaise: deliveryFeePaise(zone.fee, afterDiscountsPaise),
      cod: zone.cod,
      codTerms: zone.codTerms,
      dates: deliveryDates(now, snapshot.calendar, zone),
    };
  }

  /** GET /delivery/check: what the product page and the cart tell a shopper about a pincode. */
  async check(pincode: string): Promise<DeliveryCheck> {
    const snapshot = await this.memory.snapshot();
    return answer(snapshot, pincode, serve(snapshot, checkedPincode(pincode)).zone, this.deps.clock.now());
  }

  /** The admin's "which zone serves this pincode": the zone, the rule that won, and the shopper's answer. */
  async lookup(pincode: string): Promise<DeliveryLookup> {
    const snapshot = await this.memory.snapshot();
    const { zone, rule } = serve(snapshot, checkedPincode(pincode));
    return {
      zone: zone ? { _id: zone.id, name: zone.name, isDefault: zone.isDefault } : null,
      rule: rule ? pincodeRuleText(rule) : null,
      check: answer(snapshot, pincode, zone, this.deps.clock.now()),
    };
  }

  /** The default zone's fee rule: what the cart charges before a pincode is known. */
  async defaultFeeRule(db: DbOrTx = this.deps.db): Promise<DeliveryFeeRule> {
    const zone = await findDefaultZone(db);
    return zone
      ? { feePaise: zone.feePaise, freeAbovePaise: zone.freeAbovePaise }
      : {
          feePaise: DEFAULT_PRICING.shippingFeePaise,
          freeAbovePaise: DEFAULT_PRICING.freeShippingThresholdPaise,
        };
  }
}

function checkedPincode(pincode: string): number {
  if (!PINCODE_PATTERN.test(pincode)) {
    throw badRequest(`Invalid pincode: ${DELIVERY_MESSAGES.invalidPincode}`, {
      pincode: DELIVERY_MESSAGES.invalidPincode,
    });
  }
  return Number(pincode);
}

/** The zone a rule lists the pincode in, else the default zone. */
function serve(snapshot: DeliverySnapshot, pincode: number): Served {
  const rule = snapshot.matcher.match(pincode);
  const zone = rule ? snapshot.zones.get(rule.zoneId) : snapshot.defaultZone;
  return { zone, rule };
}

function answer(
  snapshot: DeliverySnapshot,
  pincode: string,
  zone: DeliveryZone | undefined,
  now: Date,
): DeliveryCheck {
  if (!zone?.delivers) return { pincode, deliverable: false, message: DELIVERY_MESSAGES.notDeliverable };
  const dates = deliveryDates(now, snapshot.calendar, zone);
  return {
    pincode,
    deliverable: true,
    // What is charged below the threshold (whole rupees), not the figure as the admin typed it.
    fee: paiseToRupees(deliveryFeePaise({ ...zone.fee, freeAbovePaise: null }, 0)),
    freeAbove: zone.fee.freeAbovePaise === null ? null : paiseToRupees(zone.fee.freeAbovePaise),
    cod: zone.cod,
    earliest: dates.earliest,
    deliverBy: dates.latest,
    message: `Delivers by ${deliveryDayLabel(dates.latest)}`,
  };
}
