import type { Deps } from './deps';
import { PasswordHasher } from './lib/password';
import { AddressesService } from './modules/addresses/index';
import { AiService } from './modules/ai/ai.service';
import { AuditService } from './modules/audit/audit.service';
import { CartService } from './modules/cart/cart.service';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { CategoriesService } from './modules/catalogue/categories.service';
import { ProductAdminService } from './modules/catalogue/product-admin.service';
import { ContactService } from './modules/contact/contact.service';
import { CouponAdminService } from './modules/coupons/coupon-admin.service';
import { CouponCheckService } from './modules/coupons/coupon-check.service';
import { CouponsService } from './modules/coupons/coupons.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { DeliveryAdminService, DeliveryService } from './modules/delivery/index';
import { InventoryService } from './modules/inventory/inventory.service';
import { CreditNotesDue, GstReportService, InvoicesService } from './modules/invoices/index';
import { ListingService } from './modules/listing/listing.service';
import { NewsletterService } from './modules/newsletter/newsletter.service';
import { EmailChannel, NotifyService } from './modules/notify/index';
import { CodService } from './modules/orders/cod.service';
import { HoldAdminService } from './modules/orders/hold-admin.service';
import { OrderAdminService } from './modules/orders/order-admin.service';
import { OrdersService } from './modules/orders/orders.service';
import { PaymentLinkAdmin } from './modules/orders/payment-link-admin.service';
import { ShipmentAdminService } from './modules/orders/shipment-admin.service';
import { PaymentsService } from './modules/payments/payments.service';
import { RefundsService } from './modules/payments/refunds.service';
import { ProductImportService } from './modules/product-import/index';
import { RateLimitService } from './modules/rate-limit/rate-limit.service';
import { ReturnsService } from './modules/returns/index';
import { SeoService } from './modules/seo/seo.service';
import { SettingsService } from './modules/settings/settings.service';
import { StockAlertsService } from './modules/stock-alerts/index';
import { AttemptLimiter } from './modules/users/attempt-limiter';
import { authLimits } from './modules/users/auth-limits';
import { OidcService } from './modules/users/oidc.service';
import { PasswordPolicy } from './modules/users/password-policy';
import { PasswordResetService } from './modules/users/password-reset.service';
import { SessionsService } from './modules/users/sessions.service';
import { UserAdminService } from './modules/users/user-admin.service';
import { UsersService } from './modules/users/users.service';
import { WishlistService } from './modules/wishlist/wishlist.service';

/** Every service of the shop, each built once. Routes reach them as `app.services`. */
export interface Services {
  /** The one queue every password hash waits in (at most half of libuv's pool hashes at once). */
  passwords: PasswordHasher;
  catalogue: CatalogueService;
  listing: ListingService;
  categories: CategoriesService;
  /** robots.txt and the sitemaps. */
  seo: SeoService;
  users: UsersService;
  passwordReset: PasswordResetService;
  oidc: OidcService;
  orders: OrdersService;
  /** Cash on delivery after placing: confirmation, paying online instead, auto-cancel, cash collected. */
  cod: CodService;
  payments: PaymentsService;
  settings: SettingsService;
  audit: AuditService;
  userAdmin: UserAdminService;
  productAdmin: ProductAdminService;
  /** Import/Export of the products CSV. */
  productImport: ProductImportService;
  ai: AiService;
  limits: RateLimitService;
  contact: ContactService;
  newsletter: NewsletterService;
  coupons: CouponsService;
  /** A guest's coupon check, bounded per browser and address. */
  couponCheck: CouponCheckService;
  cart: CartService;
  wishlist: WishlistService;
  orderAdmin: OrderAdminService;
  /** The admin's "Send payment link" for any unpaid order. */
  paymentLinkAdmin: PaymentLinkAdmin;
  /** Carriers and shipping orders. */
  shipmentAdmin: ShipmentAdminService;
  /** Full and partial refunds through the provider; `onRefundRecorded` is the credit-note seam. */
  refunds: RefundsService;
  holdAdmin: HoldAdminService;
  /** Returns of delivered goods and cancellations of some items before shipping. */
  returns: ReturnsService;
  couponAdmin: CouponAdminService;
  dashboard: DashboardService;
  /** The admin's variant matrix, stock screen, inventory ledger and low-stock threshold. */
  inventory: InventoryService;
  /** Messages to shoppers (mail, WhatsApp) through the outbox. */
  notify: NotifyService;
  /** Back-in-stock alerts and the job that mails them. */
  stockAlerts: StockAlertsService;
  /** Where the shop delivers: Check delivery, checkout's quote, the default zone's fee. */
  delivery: DeliveryService;
  deliveryAdmin: DeliveryAdminService;
  /** The shopper's address book; checkout copies the chosen address into the order. */
  addresses: AddressesService;
  /** Invoices and credit notes; refunds call issueCreditNote. */
  invoices: InvoicesService;
  /** Credit notes owed by processed refunds, issued exactly once (the payments job retries). */
  creditNotesDue: CreditNotesDue;
  /** The admin's GSTR-1 export from the invoices and credit notes. */
  gstReport: GstReportService;
}

/**
 * Builds every service, in one place, from the deps. A service gets what it
 * needs through its constructor, including the other services it calls.
 */
export function createServices(deps: Deps): Services {
  const passwords = new PasswordHasher(deps.config.passwordCost, {
    maxWaiting: deps.config.maxWaitingHashes,
  });
  const passwordPolicy = new PasswordPolicy();
  const attempts = new AttemptLimiter({
    ...deps,
    limits: authLimits(deps.config.limits, deps.config.authLimits),
  });
  const sessions = new SessionsService(deps);
  const users = new UsersService({ ...deps, passwords, passwordPolicy, attempts, sessions });
  const catalogue = new CatalogueService(deps);
  const categories = new CategoriesService(deps);
  const audit = new AuditService(deps);
  const inventory = new InventoryService({ ...deps, audit, catalogue });
  const limits = new RateLimitService(deps);
  const delivery = new DeliveryService(deps);
  const addresses = new AddressesService(deps);
  const settings = new SettingsService({ ...deps, audit, delivery });
  const invoices = new InvoicesService({ ...deps, settings });
  const coupons = new CouponsService();
  const cart = new CartService({ ...deps, settings, coupons });
  const notify = new NotifyService({
    ...deps,
    settings,
    audit,
    email: new EmailChannel(deps.mailer, new URL(deps.config.publicUrl).hostname),
    templateLanguage: deps.config.messaging.whatsapp.templateLanguage,
    // SMTP may take minutes (nodemailer's socket timeout is 10); WhatsApp answers within its timeout.
    staleAfterMs: { email: 15 * 60_000, whatsapp: 3 * deps.config.messaging.whatsapp.timeoutMs },
  });
  // Payments settle orders (one way, through OrdersService's public methods); orders reach payments
  // only through their own port (orders/payment-ports.ts), bound here to the service built just after.
  const orders: OrdersService = new OrdersService({
    ...deps,
    cart,
    coupons,
    settings,
    catalogue,
    addresses,
    delivery,
    invoices,
    notify,
    get payments() {
      return payments;
    },
  });
  const refunds = new RefundsService({ ...deps, orders, notify, audit });
  // Every processed refund of an invoiced order is credited against its invoice in its own numbered
  // series (issue 25 part 4): owed in the refund's transaction, issued at once after it commits, and
  // by the payments job whatever that missed (decision 211).
  const creditNotesDue = new CreditNotesDue({ ...deps, invoices });
  refunds.onRefundProcessed((tx, refund) => creditNotesDue.mark(tx, refund));
  refunds.onRefundRecorded((refund) => creditNotesDue.issueFor(refund.id));
  const payments = new PaymentsService({ ...deps, orders, refunds, afterRefunds: creditNotesDue });
  const cod = new CodService({
    ...deps,
    notify,
    catalogue,
    invoices,
    audit,
    payments,
    paymentWindow: (order) => orders.paymentReply(order),
  });
  const userAdmin = new UserAdminService({ ...deps, audit });
  const orderAdmin = new OrderAdminService({ ...deps, audit, payments, invoices, notify });
  const shipmentAdmin = new ShipmentAdminService({ ...deps, audit, notify });
  return {
    passwords,
    catalogue,
    listing: new ListingService({ ...deps, catalogue }),
    categories,
    seo: new SeoService({ ...deps, categories }),
    users,
    passwordReset: new PasswordResetService({ ...deps, passwords, passwordPolicy, attempts, sessions }),
    oidc: new OidcService({ ...deps, users }),
    orders,
    cod,
    payments,
    settings,
    audit,
    userAdmin,
    productAdmin: new ProductAdminService({ ...deps, catalogue, audit }),
    productImport: new ProductImportService({ ...deps, catalogue, audit }),
    ai: new AiService({ ...deps, limits }),
    limits,
    contact: new ContactService({ ...deps, limits }),
    newsletter: new NewsletterService({ ...deps, limits, settings, audit }),
    coupons,
    couponCheck: new CouponCheckService({ ...deps, limits, coupons }),
    cart,
    wishlist: new WishlistService(deps),
    orderAdmin,
    paymentLinkAdmin: new PaymentLinkAdmin({ ...deps, audit, notify, payments }),
    holdAdmin: new HoldAdminService({ ...deps, audit, settings, catalogue }),
    couponAdmin: new CouponAdminService({ ...deps, audit }),
    dashboard: new DashboardService({ ...deps, orderAdmin, userAdmin, inventory }),
    inventory,
    notify,
    stockAlerts: new StockAlertsService({ ...deps, limits, mail: notify }),
    shipmentAdmin,
    refunds,
    returns: new ReturnsService({ ...deps, orders, refunds, notify, audit, settings, catalogue }),
    delivery,
    deliveryAdmin: new DeliveryAdminService({ ...deps, audit, delivery }),
    addresses,
    invoices,
    creditNotesDue,
    gstReport: new GstReportService({ ...deps, audit }),
  };
}
