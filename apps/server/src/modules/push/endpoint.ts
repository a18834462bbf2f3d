import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { isSafeLink } from '@pos/core';

/** Addresses a push endpoint must never reach: this machine, private networks, and the like. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
/** An IPv4 address written inside IPv6 (::ffff:10.0.0.1, NAT64 64:ff9b::10.0.0.1) is that IPv4. */
const MAPPED = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i;
function notPublic(address: string): boolean {
  if (!isIP(address)) return true;
  const v4 = MAPPED.exec(address)?.[1];
  if (v4) return NOT_PUBLIC.check(v4, 'ipv4');
  // Any other IPv4-mapped or NAT64 spelling (hexadecimal) is refused rather than decoded.
  if (/^(::ffff:|64:ff9b::)/i.test(address)) return true;
  return NOT_PUBLIC.check(address, familyOf(address));
}
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
/** Names that lead to this machine or a private network whatever the DNS says. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

export interface EndpointCheck {
  /** http to a loopback address is accepted (a local test push service; never in production). */
  allowLocal: boolean;
  /** How a host name is resolved; the system resolver unless a test gives its own. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const systemResolve = async (hostname: string) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Why a push endpoint is refused, or null when it may be stored: the project's safe-link check
 * over https (no credentials, no spaces or invisible characters), then the host must be public:
 * not a loopback, private, link-local or otherwise reserved address, written or resolved. With
 * allowLocal, plain http to 127.0.0.1 or ::1 is accepted too (the test's push service).
 */
export async function endpointProblem(value: string, check: EndpointCheck): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '推送地址格式错误';
  }
  const host = bare(url.hostname);
  if (
    check.allowLocal &&
    url.protocol === 'http:' &&
    isIP(host) &&
    LOOPBACK.check(host, familyOf(host)) &&
    isSafeLink(value)
  ) {
    return null;
  }
  if (!isSafeLink(value, { httpsOnly: true })) return '推送地址须为 https 地址';
  if (LOCAL_NAME.test(host)) return '推送地址不能指向本机或内网';
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (check.resolve ?? systemResolve)(host);
    } catch {
      return '推送地址的主机无法解析';
    }
  }
  if (addresses.length === 0) return '推送地址的主机无法解析';
  if (addresses.some(notPublic)) {
    return '推送地址不能指向本机或内网';
  }
  return null;
}
