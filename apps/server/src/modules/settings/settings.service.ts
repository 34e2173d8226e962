import { randomBytes } from 'node:crypto';
import {
  COD_SETTINGS_LIMITS,
  type CodRules,
  DEFAULT_PRICING,
  type DeliveryFeeRule,
  type PricingSettings,
  paiseToRupees,
  type ShopSettings,
  type ShopSettingsUpdateFields,
  stateName,
  TAX_MODE_LABELS,
  type TaxSettingsInput,
  type TaxSettingsReply,
} from '@bazaar/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Events } from '../../lib/events/index';
import { type ImageRules, toWebp } from '../../lib/image-upload';
import type { FileStorage } from '../../lib/storage';
import { type Actor, type AuditService, diff } from '../audit/index';
import { imageUrl } from '../catalogue/index';
import type { DeliveryService } from '../delivery/index';
import {
  findShopSettings,
  lockShopSettings,
  type ShopSettingsChanges,
  type ShopSettingsRow,
  updateShopSettings,
} from './settings.repo';
import { SettingsChanges } from './settings-changes';

/** The logo: any accepted picture of at most 5 MB, stored as WebP within 512 px. */
export const LOGO_RULES: ImageRules = { label: 'The logo', maxBytes: 5 * 1024 * 1024, maxSide: 512 };

/** How unpaid orders hold stock, as the shop set it (checkout applies it: orders/hold-plan.ts). */
export interface HoldRules {
  /** How long a new hold lasts. */
  windowMs: number;
  /** One shopper may hold the larger of this many units… */
  unitsPerShopper: number;
  /** …and this percentage of the supply (a product's unsold units, a coupon's usage limit). */
  percentPerShopper: number;
  /** Shoppers on one network may hold together this many times one shopper's limit. */
  addressMultiple: number;
}

export interface SettingsServiceDeps {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  events: Events;
  audit: AuditService;
  /** The server's default payment window, for a shop that has not set its own. */
  config: Pick<Config, 'orders'>;
  /**
   * The payment provider (deps.payments), only for its name: with the sandbox, every page says
   * payments are simulated. Typed here so settings, which payments read, never import payments.
   */
  payments: { window: { provider: string } };
  /** The delivery figures are the default delivery zone's (edited on the Delivery zones screen). */
  delivery: Pick<DeliveryService, 'defaultFeeRule' | 'onChange'>;
}

/** What a database without a settings row shows: the column defaults. */
const DEFAULTS: Omit<ShopSettingsRow, 'updatedAt'> = {
  id: 1,
  name: 'Bazaar',
  email: null,
  phone: null,
  secondEmail: null,
  secondPhone: null,
  address: null,
  primaryColor: '#2563eb',
  logo: null,
  returnPolicy: null,
  shippingPolicy: null,
  privacyPolicy: null,
  googleAnalyticsId: null,
  holdWindowMinutes: null,
  holdLimitUnits: 5,
  holdLimitPercent: 10,
  holdAddressMultiple: 4,
  facebookUrl: null,
  instagramUrl: null,
  xUrl: null,
  youtubeUrl: null,
  taxMode: 'flat',
  gstin: null,
  gstStateCode: null,
  returnWindowDays: 3,
  codMaxOpenOrders: COD_SETTINGS_LIMITS.maxOpenOrders.default,
  codRefuseAfterRto: COD_SETTINGS_LIMITS.refuseAfterRto.default,
};

/** How the shop charges tax now: what cart, checkout and invoices price by. */
export type ShopTaxSetup =
  | { mode: 'flat'; taxPercent: number }
  | { mode: 'gst'; gstin: string; shopStateCode: string };

/**
 * The shop's own settings. Read on every use rather than kept in memory, so a change made through any
 * server process applies at once everywhere (it is one primary-key lookup).
 */
export class SettingsService {
  private readonly changes: SettingsChanges;
  /**
   * The row as each open transaction first read it (or wrote it): a checkout asks four times in its
   * one transaction (pricing, holds, invoice, mail), and one read gives them one view. Never kept for
   * the pool, so every request still reads the row afresh.
   */
  private readonly perTransaction = new WeakMap<DbOrTx, Promise<ShopSettingsRow>>();

  constructor(private readonly deps: SettingsServiceDeps) {
    this.changes = new SettingsChanges(deps);
  }

  /**
   * Calls `listener` whenever the settings change, in this process or another, the default delivery
   * zone's figures (which they show) included; returns a remover.
   */
  async onChange(listener: () => void): Promise<() => void> {
    const stopDelivery = this.deps.delivery.onChange(listener);
    const stopSettings = await this.changes.onChange(listener);
    return () => {
      stopDelivery();
      stopSettings();
    };
  }

  /** The settings as every visitor may read them. */
  async get(db: DbOrTx = this.deps.db): Promise<ShopSettings> {
    const [row, delivery] = await Promise.all([this.row(db), this.deps.delivery.defaultFeeRule(db)]);
    return this.toReply(row, delivery);
  }

  /**
   * The admin's Shop Settings form. Fields left out stay; a new logo is stored
   * before the transaction (removed again on rollback) and the old one removed
   * after the commit. Every process reads the row on each use, so the change
   * shows everywhere at once.
   */
  async update(
    actor: Actor,
    fields: ShopSettingsUpdateFields,
    logo: Buffer | undefined,
  ): Promise<ShopSettings> {
    const { db, storage, log } = this.deps;
    const webp = logo ? await toWebp(logo, LOGO_RULES) : undefined;
    const delivery = await this.deps.delivery.defaultFeeRule(db);
    const row = await inTransaction(db, async (tx, unit) => {
      const current = await lockShopSettings(tx);
      const { removeLogo, ...text } = fields;
      const changes: ShopSettingsChanges = { ...text };
      if (removeLogo) changes.logo = null;
      if (webp) {
        const key = `shop/logo-${randomBytes(6).toString('hex')}.webp`;
        await storage.put(key, webp);
        unit.onRollback(() => storage.remove(key));
        changes.logo = key;
      }
      const updated = await updateShopSettings(tx, changes);
      this.perTransaction.set(tx, Promise.resolve(updated));
      unit.afterCommit(() => this.changes.announce());
      const oldLogo = current.logo;
      if (oldLogo?.startsWith('shop/') && updated.logo !== oldLogo) {
        unit.afterCommit(() =>
          storage.remove(oldLogo).catch((err) => log.warn({ err, key: oldLogo }, 'old logo not removed')),
        );
      }
      const { updatedAt: _before, ...before } = this.toReply(current, delivery);
      const { updatedAt: _after, ...after } = this.toReply(updated, delivery);
      const change = diff(before, after);
      await this.deps.audit.record(tx, actor, {
        action: 'settings.update',
        entityId: null,
        summary: change ? `Changed ${Object.keys(change.after).join(', ')}` : 'Saved without changes',
        ...change,
      });
      return updated;
    });
    return this.toReply(row, delivery);
  }

  private toReply(row: ShopSettingsRow, delivery: DeliveryFeeRule): ShopSettings {
    return {
      name: row.name,
      logo: row.logo ? imageUrl(row.logo) : null,
      primaryColor: row.primaryColor,
      email: row.email,
      phone: row.phone,
      secondEmail: row.secondEmail,
      secondPhone: row.secondPhone,
      address: row.address,
      facebookUrl: row.facebookUrl,
      instagramUrl: row.instagramUrl,
      xUrl: row.xUrl,
      youtubeUrl: row.youtubeUrl,
      returnPolicy: row.returnPolicy,
      shippingPolicy: row.shippingPolicy,
      privacyPolicy: row.privacyPolicy,
      googleAnalyticsId: row.googleAnalyticsId,
      shippingFee: paiseToRupees(delivery.feePaise),
      freeShippingThreshold: delivery.freeAbovePaise === null ? null : paiseToRupees(delivery.freeAbovePaise),
      holdWindowMinutes: row.holdWindowMinutes,
      defaultHoldWindowMinutes: this.defaultWindowMinutes(),
      holdLimitUnits: row.holdLimitUnits,
      holdLimitPercent: row.holdLimitPercent,
      holdAddressMultiple: row.holdAddressMultiple,
      paymentsSimulated: this.deps.payments.window.provider === 'sandbox',
      returnWindowDays: row.returnWindowDays,
      codMaxOpenOrders: row.codMaxOpenOrders,
      codRefuseAfterRto: row.codRefuseAfterRto,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * How unpaid orders hold stock: the shop's window, else the server's ORDER_PAYMENT_WINDOW_MINUTES,
   * and how much one shopper and one network may hold. Pass `tx` to read inside a unit of work.
   */
  async holdRules(db: DbOrTx = this.deps.db): Promise<HoldRules> {
    const row = await this.row(db);
    return {
      windowMs: (row.holdWindowMinutes ?? this.defaultWindowMinutes()) * 60_000,
      unitsPerShopper: row.holdLimitUnits,
      percentPerShopper: row.holdLimitPercent,
      addressMultiple: row.holdAddressMultiple,
    };
  }

  /** The COD limits checkout applies (orders/cod-checkout.ts); pass `tx` to read inside a unit of work. */
  async codRules(db: DbOrTx = this.deps.db): Promise<CodRules> {
    const row = await this.row(db);
    return { maxOpenOrders: row.codMaxOpenOrders, refuseAfterRto: row.codRefuseAfterRto };
  }

  private defaultWindowMinutes(): number {
    return Math.round(this.deps.config.orders.paymentWindowMs / 60_000);
  }

  /**
   * The delivery figures (the default delivery zone's: the cart before a pincode is known) and the tax
   * rate the cart's pricing rule needs; pass `tx` to read inside a unit of work.
   */
  async pricing(db: DbOrTx = this.deps.db): Promise<PricingSettings> {
    const fee = await this.deps.delivery.defaultFeeRule(db);
    return {
      shippingFeePaise: fee.feePaise,
      freeShippingThresholdPaise: fee.freeAbovePaise,
      taxPercent: DEFAULT_PRICING.taxPercent,
    };
  }

  /** The tax mode, and in GST mode the shop's GSTIN and state; pass `tx` to read inside a unit of work. */
  async taxSetup(db: DbOrTx = this.deps.db): Promise<ShopTaxSetup> {
    const row = await this.row(db);
    return row.taxMode === 'gst' && row.gstin && row.gstStateCode
      ? { mode: 'gst', gstin: row.gstin, shopStateCode: row.gstStateCode }
      : { mode: 'flat', taxPercent: DEFAULT_PRICING.taxPercent };
  }

  /** What an invoice prints of the shop, in one read (safe inside the paying transaction). */
  async invoiceDetails(db: DbOrTx = this.deps.db) {
    const row = await this.row(db);
    return {
      name: row.name,
      address: row.address,
      email: row.email,
      phone: row.phone,
      gstin: row.gstin,
      stateCode: row.gstStateCode,
    };
  }

  /** The admin's tax settings. */
  async tax(db: DbOrTx = this.deps.db): Promise<TaxSettingsReply> {
    return toTaxReply(await this.row(db));
  }

  /**
   * Switches the tax mode (and sets the GSTIN, whose first two digits are the shop's state). Orders
   * already placed keep the pricing they were placed with; only carts and new orders follow.
   */
  async updateTax(actor: Actor, input: TaxSettingsInput): Promise<TaxSettingsReply> {
    const row = await inTransaction(this.deps.db, async (tx, unit) => {
      const current = await lockShopSettings(tx);
      const updated = await updateShopSettings(tx, {
        taxMode: input.taxMode,
        ...(input.gstin ? { gstin: input.gstin, gstStateCode: input.gstin.slice(0, 2) } : {}),
      });
      this.perTransaction.set(tx, Promise.resolve(updated));
      unit.afterCommit(() => this.changes.announce());
      const change = diff(toTaxReply(current), toTaxReply(updated));
      await this.deps.audit.record(tx, actor, {
        action: 'settings.tax',
        entityId: null,
        summary: change ? `Tax: ${TAX_MODE_LABELS[updated.taxMode]}` : 'Saved without changes',
        ...change,
      });
      return updated;
    });
    return toTaxReply(row);
  }

  private row(db: DbOrTx): Promise<ShopSettingsRow> {
    if (db === this.deps.db) return this.read(db);
    let row = this.perTransaction.get(db);
    if (!row) {
      row = this.read(db);
      this.perTransaction.set(db, row);
    }
    return row;
  }

  private async read(db: DbOrTx): Promise<ShopSettingsRow> {
    return (await findShopSettings(db)) ?? { ...DEFAULTS, updatedAt: new Date(0) };
  }
}

function toTaxReply(row: ShopSettingsRow): TaxSettingsReply {
  return {
    taxMode: row.taxMode,
    gstin: row.gstin,
    stateCode: row.gstStateCode,
    state: row.gstStateCode ? stateName(row.gstStateCode) : null,
  };
}
