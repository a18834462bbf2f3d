import type { FastifyRequest } from 'fastify';
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Headers a reverse proxy adds: a request carrying one came from somewhere else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether a request comes from this very machine: the TCP peer is a loopback address (127.0.0.0/8,
 * ::1, or 127.x mapped into IPv6) and no proxy says it forwarded it, since a reverse proxy on the
 * same host connects from loopback on everyone's behalf. The socket's own address is read, never
 * request.ip, which trusted proxy headers may rewrite. The development helpers and /metrics
 * without a token answer only such requests.
 */
export function fromThisMachine(request: Pick<FastifyRequest, 'headers' | 'socket'>): boolean {
  if (FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  const address = request.socket.remoteAddress;
  const family = address ? isIP(address) : 0;
  if (!address || family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
