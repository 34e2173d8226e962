import { DEFAULT_PRICING, type PricingSettings, paiseToRupees, type ShopSettings } from '@bazaar/shared';
import type { Db, DbOrTx } from '../../db/client';
import { imageUrl } from '../catalogue/image-url';
import { findShopSettings, type ShopSettingsRow } from './settings.repo';

export interface SettingsServiceDeps {
  db: Db;
}

/** What a database without a settings row shows: the column defaults. */
const DEFAULTS: Omit<ShopSettingsRow, 'updatedAt'> = {
  id: 1,
  name: 'Bazaar',
  email: null,
  phone: null,
  address: null,
  primaryColor: '#2563eb',
  logo: null,
  returnPolicy: null,
  shippingPolicy: null,
  privacyPolicy: null,
  googleAnalyticsId: null,
  shippingFeePaise: DEFAULT_PRICING.shippingFeePaise,
  freeShippingThresholdPaise: DEFAULT_PRICING.freeShippingThresholdPaise,
};

/**
 * The shop's own settings. Read on every use rather than kept in memory, so a change made through any
 * server process applies at once everywhere (it is one primary-key lookup).
 */
export class SettingsService {
  constructor(private readonly deps: SettingsServiceDeps) {}

  /** The settings as every visitor may read them. */
  async get(): Promise<ShopSettings> {
    const row = await this.row(this.deps.db);
    return {
      name: row.name,
      logo: row.logo ? imageUrl(row.logo) : null,
      primaryColor: row.primaryColor,
      email: row.email,
      phone: row.phone,
      address: row.address,
      returnPolicy: row.returnPolicy,
      shippingPolicy: row.shippingPolicy,
      privacyPolicy: row.privacyPolicy,
      googleAnalyticsId: row.googleAnalyticsId,
      shippingFee: paiseToRupees(row.shippingFeePaise),
      freeShippingThreshold: paiseToRupees(row.freeShippingThresholdPaise),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The delivery figures and tax rate the cart's pricing rule needs; pass `tx` to read inside a unit of work. */
  async pricing(db: DbOrTx = this.deps.db): Promise<PricingSettings> {
    const row = await this.row(db);
    return {
      shippingFeePaise: row.shippingFeePaise,
      freeShippingThresholdPaise: row.freeShippingThresholdPaise,
      taxPercent: DEFAULT_PRICING.taxPercent,
    };
  }

  private async row(db: DbOrTx): Promise<ShopSettingsRow> {
    return (await findShopSettings(db)) ?? { ...DEFAULTS, updatedAt: new Date(0) };
  }
}
