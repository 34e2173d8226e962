// What orders need from the catalogue: once stock changed, its cached pages of those products dropped
// on every process. CatalogueService satisfies it (bound in services.ts).
export interface CatalogueCache {
  invalidate(productIds: readonly string[]): Promise<unknown>;
}
