import type { RouteModule } from '../../routes';
import { notifyAdminRoutes } from './notify.admin-routes';
import { notifyRoutes } from './notify.routes';

export { createPhoneProvider } from './channels/create-phone-provider';
export { EmailChannel } from './channels/email-channel';
export type { PhoneProvider } from './channels/phone-provider';
export type { PurposeParams } from './message-templates';
export { type EnqueueOptions, NotifyService, type Recipient } from './notify.service';

/**
 * Messages to shoppers beyond the mail other modules send themselves: the outbox, its delivery job
 * (services.notify.runDue) and WhatsApp's webhook; the admin's list. Callers queue a message in their
 * own transaction with `services.notify.enqueue(tx, purpose, { email, phone }, params, { orderId })`.
 */
export const notifyModule: RouteModule = { store: notifyRoutes, admin: notifyAdminRoutes };
