import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteModule } from '../../routes';
import { ReadinessCheck } from './readiness';

const tags = ['system'];
const databaseKind = z.enum(['pglite', 'postgres']);
const readinessSchema = z.object({
  ready: z.boolean(),
  state: z.enum(['starting', 'running', 'stopping']),
  database: z.object({
    kind: databaseKind,
    reachable: z.boolean(),
    migrations: z.enum(['applied', 'pending', 'unknown']),
  }),
});
const healthSchema = z.object({ ok: z.boolean(), database: databaseKind });

/**
 * Probes for whatever runs the process: `live` (restart it when this fails) and `ready` (send it
 * requests only while this is 200). `/health`, older than both, answers as `ready` does.
 */
async function healthRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const readiness = new ReadinessCheck(app.deps.database, app.lifecycle);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/health/live',
    {
      schema: {
        tags,
        summary: 'Liveness: the process runs and its event loop answers (200 while it runs, stopping too)',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async () => ({ ok: true as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags,
        summary:
          'Readiness: 200 when start-up is done, the database answers and has every migration applied, and no shutdown has begun; 503 otherwise',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const state = await readiness.check();
      return reply.status(state.ready ? 200 : 503).send(state);
    },
  );

  app.get(
    '/health',
    {
      schema: {
        tags,
        summary: 'Readiness in short (as /health/ready): 200 when ready, 503 otherwise',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const state = await readiness.check();
      return reply.status(state.ready ? 200 : 503).send({ ok: state.ready, database: state.database.kind });
    },
  );
}

export const healthModule: RouteModule = { store: healthRoutes };
