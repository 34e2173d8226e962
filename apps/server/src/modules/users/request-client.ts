import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { type DeviceId, deviceOf } from '../../lib/device-id';

/** Where a sign-in or registration comes from, as its limits count it: the address and the browser. */
export interface RequestClient {
  ip: string;
  device: DeviceId;
}

/** The request's address and device (a browser without a device id is given one with this reply). */
export function requestClient(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<AppConfig, 'jwtSecret' | 'publicUrl'>,
): RequestClient {
  const secure = config.publicUrl.startsWith('https:');
  return { ip: request.ip, device: deviceOf(request, reply, { secret: config.jwtSecret, secure }) };
}
