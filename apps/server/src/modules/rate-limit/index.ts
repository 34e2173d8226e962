// Fixed-window limits shared by every process (in the database): no routes of its own, its service
// is in the container for the modules that limit what a client may send (contact, newsletter, ai).
export type { RateLimitService, WindowLimit } from './rate-limit.service';
