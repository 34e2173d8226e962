import type { FastifyInstance } from 'fastify';

/** Storefront catalogue routes: categories and products. */
export async function catalogueModule(_app: FastifyInstance) {}
