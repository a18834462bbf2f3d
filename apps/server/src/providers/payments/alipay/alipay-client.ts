import { createPrivateKey } from 'node:crypto';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { ALIPAY_DEFAULT_GATEWAY, type AlipaySettings } from './alipay-settings';

export type { AlipaySettings } from './alipay-settings';

/** Which PEM kind a private key is, so the SDK wraps a bare base64 body right. */
function keyTypeOf(key: string): 'PKCS1' | 'PKCS8' {
  if (key.includes('RSA PRIVATE KEY')) return 'PKCS1';
  if (key.includes('PRIVATE KEY')) return 'PKCS8';
  const body = key.replace(/\s+/g, '');
  try {
    createPrivateKey(`-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----`);
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

/** The official SDK client for these settings: RSA2 (SHA256withRSA) signing, answers verified. */
export function alipayClient(settings: AlipaySettings, timeoutMs = 10_000): AlipaySdk {
  return new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    keyType: keyTypeOf(settings.privateKey),
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gatewayUrl || ALIPAY_DEFAULT_GATEWAY,
    signType: 'RSA2',
    timeout: timeoutMs,
    camelcase: true,
  });
}

/** Fen as Alipay's yuan amount with two decimals ("12.34"), without floating point. */
export function yuanOf(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`not an amount in fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan amount ("12.3", "12.34") as fen; null for anything else. */
export function fenOf(yuan: unknown): number | null {
  if (typeof yuan !== 'string' && typeof yuan !== 'number') return null;
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(yuan).trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Alipay's Beijing-time "yyyy-MM-dd HH:mm:ss" as an ISO instant; null when it is not one. */
export function instantOf(beijing: unknown): string | null {
  if (typeof beijing !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(beijing.trim());
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The answer was the business success ('10000'). */
export const succeeded = (r: AlipaySdkCommonResult) => r.code === '10000';

/**
 * An answer that says nothing about the business outcome: the gateway's own trouble (20000,
 * 'isp.' sub-codes, SYSTEM_ERROR). The call may or may not have been carried out.
 */
export function unknownOutcome(r: AlipaySdkCommonResult): boolean {
  const sub = String(r.subCode ?? '');
  return r.code === '20000' || sub.startsWith('isp.') || /SYSTEM_ERROR$/.test(sub);
}

/** One line naming an Alipay answer for logs and reasons. */
export const describe = (r: AlipaySdkCommonResult) =>
  [r.code, r.msg, r.subCode, r.subMsg].filter(Boolean).join(' ');
