import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function healthModule(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ ok: z.literal(true), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { ok: true as const, database: app.database.kind };
    },
  );
}
