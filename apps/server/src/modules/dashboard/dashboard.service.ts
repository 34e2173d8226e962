import type { StockRow } from '@bazaar/shared';
import { DASHBOARD_RECENT_DAYS, DASHBOARD_RECENT_MAX, DASHBOARD_REVENUE_DAYS } from '@bazaar/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { lastShopDates, startOfShopDay } from '../../lib/shop-time';
import type { InventoryService } from '../inventory/index';
import type { OrderAdminService, OrderWithCustomer } from '../orders/index';
import type { UserAdminService } from '../users/index';
import { countLiveProducts, countOrdersSince, revenueByPaidDay, sumRevenue } from './dashboard.repo';

export interface DashboardServiceDeps {
  db: Db;
  clock: Clock;
  /** The orders screen's counts and recent orders, asked of the orders module. */
  orderAdmin: Pick<OrderAdminService, 'counts' | 'placedSince'>;
  /** Accounts and admins, asked of the users module. */
  userAdmin: Pick<UserAdminService, 'counts'>;
  /** The low-stock list, asked of the inventory module. */
  inventory: Pick<InventoryService, 'lowStock'>;
}

export interface DashboardFigures {
  revenuePaise: number;
  orders: { total: number; pending: number; toShip: number; today: number; lastWeek: number };
  products: number;
  users: { total: number; admins: number };
  recentOrders: OrderWithCustomer[];
  revenueByDay: { date: string; paise: number; orders: number }[];
  lowStock: StockRow[];
}

/**
 * The dashboard's figures, all counted by the database at the time of asking.
 * Days are the shop's (India): "today" began at midnight IST.
 */
export class DashboardService {
  constructor(private readonly deps: DashboardServiceDeps) {}

  async figures(): Promise<DashboardFigures> {
    const { db, clock, orderAdmin, userAdmin, inventory } = this.deps;
    const now = clock.now();
    const weekStart = startOfShopDay(now, DASHBOARD_RECENT_DAYS - 1);
    const [revenuePaise, counts, lastWeek, products, users, recentOrders, perDay, lowStock] =
      await Promise.all([
        sumRevenue(db),
        orderAdmin.counts(startOfShopDay(now)),
        countOrdersSince(db, weekStart),
        countLiveProducts(db),
        userAdmin.counts(),
        orderAdmin.placedSince(weekStart, DASHBOARD_RECENT_MAX),
        revenueByPaidDay(db, startOfShopDay(now, DASHBOARD_REVENUE_DAYS - 1)),
        inventory.lowStock(),
      ]);
    const byDate = new Map(perDay.map((d) => [d.date, d]));
    return {
      revenuePaise,
      orders: { ...counts, lastWeek },
      products,
      users: { total: users.users, admins: users.admins },
      recentOrders,
      revenueByDay: lastShopDates(now, DASHBOARD_REVENUE_DAYS).map(
        (date) => byDate.get(date) ?? { date, paise: 0, orders: 0 },
      ),
      lowStock,
    };
  }
}
