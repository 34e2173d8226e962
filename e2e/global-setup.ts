import type { TestProject } from 'vitest/node';
import { startShop } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One shop for the whole end-to-end run: starting and seeding it is the slow part. */
export default async function setup(project: TestProject) {
  const shop = await startShop();
  project.provide('baseUrl', shop.baseUrl);
  return async () => {
    await shop.stop();
  };
}
