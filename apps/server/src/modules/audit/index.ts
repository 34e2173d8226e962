import type { RouteModule } from '../../routes';
import { auditAdminRoutes } from './audit.admin-routes';

export { type Actor, type AuditChange, type AuditService, diff } from './audit.service';

/** The audit log of admin writes: admins read it; the other modules' services write it. */
export const auditModule: RouteModule = { admin: auditAdminRoutes };
