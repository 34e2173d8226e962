import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { ensureDeviceId } from '../../lib/device-id';
import { networkOf } from '../../lib/network-address';
import type { OrderClient } from './orders.service';

/**
 * Where a checkout request comes from, as hold limits count it: the browser's signed device id (one is
 * issued with this reply to a browser without one) and its network, kept only as a keyed hash, so the
 * shop never stores the address and the hash cannot be reversed by trying every IPv4 address.
 */
export function orderClient(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<AppConfig, 'jwtSecret' | 'publicUrl'>,
): OrderClient {
  const secret = config.jwtSecret;
  const deviceKey = ensureDeviceId(request, reply, { secret, secure: config.publicUrl.startsWith('https:') });
  const addressKey = createHmac('sha256', secret)
    .update(`network:${networkOf(request.ip)}`)
    .digest('base64url')
    .slice(0, 32);
  return { deviceKey, addressKey };
}
