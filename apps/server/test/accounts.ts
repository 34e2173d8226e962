import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { updateUser } from '../src/modules/users/users.repo';
import type { TestApp } from './helpers';

export interface Account {
  id: string;
  email: string;
  token: string;
  /** `authorization` header carrying the account's token. */
  auth: { authorization: string };
}

/** Registers an account through the API (an admin when asked) and returns its session. */
export async function signUp(
  t: TestApp,
  email: string,
  options: { admin?: boolean; name?: string } = {},
): Promise<Account> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { name: options.name ?? 'Someone', email, password: 'sunrise42', phoneNumber: '9876543210' },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const body = res.json() as { user: { _id: string }; token: string };
  if (options.admin) await updateUser(t.db, body.user._id, { isAdmin: true });
  return { id: body.user._id, email, token: body.token, auth: { authorization: `Bearer ${body.token}` } };
}

/** Every route registered inside the admin scope of this app, as [method, url]. */
export function adminRouteCollector() {
  const routes: { method: string; url: string }[] = [];
  return {
    routes,
    /** Wraps a module's admin plugin so each of its routes is recorded as it registers. */
    wrap(admin: FastifyPluginAsync) {
      return async (app: FastifyInstance) => {
        app.addHook('onRoute', (route) => {
          for (const method of [route.method].flat())
            if (method !== 'HEAD') routes.push({ method, url: route.url });
        });
        await app.register(admin);
      };
    },
  };
}
