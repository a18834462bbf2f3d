import { createPrivateKey, createPublicKey } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../admin/audit';
import { decideChange, type ChangeDecision } from '../admin/decide-change';
import { maskKey, upsertChannel, type ChannelInput, type Cipher } from './channel-config';
import { receivePush, type PushContext } from './receive-push';
import { adapterFor, protocols } from './registry';

/**
 * The console's side of channels (decision 026): the list with keys masked, changes proposed by
 * one operator and applied only when another, independent one approves (decision 022), the
 * refused and flagged pushes, and the replay of a stored push once its cause is fixed. Every
 * step is audited; no key is ever answered or audited in clear.
 */

export async function listChannels(db: Db, cipher: Cipher) {
  const list = await rows<{
    id: unknown;
    code: string;
    name: string;
    protocol: string;
    enabled: boolean;
    ip_allow: string[];
    acquirer_public_key: string | null;
    platform_private_key_enc: string | null;
    secret_enc: string | null;
    brands: { id: number; name: string }[] | null;
    updated_at: Date | string;
  }>(
    db,
    sql`SELECT c.*, (SELECT json_agg(json_build_object('id', b.id, 'name', b.name) ORDER BY b.sort, b.id)
                       FROM channel_brands cb JOIN brands b ON b.id = cb.brand_id
                      WHERE cb.channel_id = c.id) AS brands
          FROM channels c ORDER BY c.id`,
  );
  const opened = (v: string | null) => {
    if (!v) return null;
    try {
      return maskKey(cipher.decrypt(v));
    } catch {
      return '(unreadable)';
    }
  };
  return {
    protocols: protocols(),
    items: list.map((c) => ({
      id: Number(c.id),
      code: c.code,
      name: c.name,
      protocol: c.protocol,
      enabled: c.enabled,
      ipAllow: c.ip_allow ?? [],
      brands: (c.brands ?? []).map((b) => ({ id: Number(b.id), name: b.name })),
      acquirerPublicKey: maskKey(c.acquirer_public_key),
      platformPrivateKey: opened(c.platform_private_key_enc),
      secret: opened(c.secret_enc),
      updatedAt: new Date(c.updated_at).toISOString(),
    })),
  };
}

export interface ChannelProposal {
  code: string;
  name: string;
  protocol: string;
  enabled: boolean;
  ipAllow: string[];
  brandIds: number[];
  /** Omitted: unchanged; empty string: removed. */
  acquirerPublicKey?: string;
  platformPrivateKey?: string;
  secret?: string;
}

function checkProposal(p: ChannelProposal) {
  if (!/^[a-z][a-z0-9_-]{1,31}$/.test(p.code))
    throw badRequest('通道编码须为小写字母开头的字母、数字、-或_（2-32位）', 'code');
  if (!p.name.trim()) throw badRequest('请填写通道名称', 'name');
  if (!adapterFor(p.protocol)) throw badRequest(`不支持的协议 ${p.protocol}`, 'protocol');
  for (const entry of p.ipAllow) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))
      throw badRequest(`IP白名单格式错误：${entry}`, 'ipAllow');
  }
  try {
    if (p.acquirerPublicKey) createPublicKey(p.acquirerPublicKey);
  } catch {
    throw badRequest('通道公钥不是有效的PEM公钥', 'acquirerPublicKey');
  }
  try {
    if (p.platformPrivateKey) createPrivateKey(p.platformPrivateKey);
  } catch {
    throw badRequest('平台私钥不是有效的PEM私钥', 'platformPrivateKey');
  }
}

/** What the console and the audit log show of a proposal: keys masked or said to be cleared. */
function summaryOf(p: ChannelProposal) {
  const key = (v: string | undefined) =>
    v === undefined ? 'unchanged' : v === '' ? 'removed' : maskKey(v);
  return {
    code: p.code,
    name: p.name,
    protocol: p.protocol,
    enabled: p.enabled,
    ipAllow: p.ipAllow,
    brandIds: p.brandIds,
    acquirerPublicKey: key(p.acquirerPublicKey),
    platformPrivateKey: key(p.platformPrivateKey),
    secret: key(p.secret),
  };
}

export async function proposeChannelChange(
  db: Db,
  cipher: Cipher,
  op: OperatorCaller,
  p: ChannelProposal,
) {
  checkProposal(p);
  return db.transaction(async (tx) => {
    const summary = summaryOf(p);
    const [row] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO channel_changes (channel_code, payload_enc, summary, proposed_by)
          VALUES (${p.code}, ${cipher.encrypt(JSON.stringify(p))}, ${JSON.stringify(summary)}::jsonb,
                  ${op.operatorId})
          RETURNING id`,
    );
    const id = Number(row!.id);
    await audit(tx, op, {
      action: 'channel_change.propose',
      targetType: 'channel_change',
      targetId: id,
      after: summary,
    });
    return { id };
  });
}

export async function listChannelChanges(db: Db) {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT c.id, c.channel_code, c.summary, c.status, c.proposed_by, p.name AS proposer,
               d.name AS decider, c.decision_reason, c.created_at, c.decided_at
          FROM channel_changes c
          JOIN operators p ON p.id = c.proposed_by
          LEFT JOIN operators d ON d.id = c.decided_by
         ORDER BY c.status = 0 DESC, c.id DESC LIMIT 100`,
  );
  return list.map((c) => ({
    id: Number(c.id),
    code: String(c.channel_code),
    summary: c.summary as Record<string, unknown>,
    status: Number(c.status),
    proposedBy: Number(c.proposed_by),
    proposer: String(c.proposer),
    decider: c.decider == null ? null : String(c.decider),
    reason: c.decision_reason == null ? null : String(c.decision_reason),
    createdAt: new Date(c.created_at as string).toISOString(),
    decidedAt: c.decided_at == null ? null : new Date(c.decided_at as string).toISOString(),
  }));
}

/** Another, independent operator approves (the channel is written) or rejects (with a reason). */
export async function decideChannelChange(
  db: Db,
  cipher: Cipher,
  op: OperatorCaller,
  input: ChangeDecision,
) {
  return decideChange<{
    status: number;
    proposed_by: unknown;
    payload_enc: string;
    summary: Record<string, unknown>;
  }>(db, op, input, {
    table: 'channel_changes',
    columns: sql`payload_enc, summary`,
    refusal: '通道变更须由与发起人无关的另一位操作员复核',
    target: 'channel_change',
    actions: { approve: 'channel_change.approve', reject: 'channel_change.reject' },
    apply: async (tx, c) => {
      const p = JSON.parse(cipher.decrypt(c.payload_enc)) as ChannelProposal;
      const key = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
      const change: ChannelInput = {
        code: p.code,
        name: p.name,
        protocol: p.protocol,
        enabled: p.enabled,
        ipAllow: p.ipAllow,
        brandIds: p.brandIds,
        acquirerPublicKey: key(p.acquirerPublicKey),
        platformPrivateKey: key(p.platformPrivateKey),
        secret: key(p.secret),
      };
      const channelId = await upsertChannel(tx, cipher, change);
      await audit(tx, op, {
        action: 'channel.update',
        targetType: 'channel',
        targetId: channelId,
        after: c.summary,
      });
      // The keys in the applied proposal are not kept twice.
      return sql`payload_enc = ''`;
    },
  });
}

/** Refused and flagged pushes (and any still being applied), newest first. */
export async function listPushes(
  db: Db,
  q: { outcome?: string; channel?: string; beforeId?: number; limit?: number },
) {
  const outcomes = q.outcome ? [q.outcome] : ['refused', 'flagged', 'received'];
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id, channel_code, order_no, outcome, reason, remote_ip, received_at, applied_at,
               octet_length(body) AS size
          FROM channel_pushes
         WHERE outcome = ANY(${sql.param(outcomes)}::text[])
           ${q.channel ? sql`AND channel_code = ${q.channel}` : sql``}
           ${q.beforeId ? sql`AND id < ${q.beforeId}` : sql``}
         ORDER BY id DESC LIMIT ${Math.min(q.limit ?? 50, 200)}`,
  );
  return list.map((p) => ({
    id: Number(p.id),
    channel: String(p.channel_code),
    orderNo: p.order_no == null ? null : String(p.order_no),
    outcome: String(p.outcome),
    reason: p.reason == null ? null : String(p.reason),
    remoteIp: p.remote_ip == null ? null : String(p.remote_ip),
    size: Number(p.size),
    receivedAt: new Date(p.received_at as string).toISOString(),
  }));
}

/**
 * Runs a stored push through the pipeline again, as received (bytes and headers), with the
 * channel's keys and mapping as they are now; the allow-list is not asked again (the push was
 * stored with the address it came from). What it applied before stays applied once: the
 * idempotency keys hold.
 */
export async function replayPush(ctx: PushContext, op: OperatorCaller, id: number) {
  const [p] = await rows<{
    id: unknown;
    channel_code: string;
    body: Buffer;
    headers: Record<string, string>;
    remote_ip: string | null;
    outcome: string;
  }>(
    ctx.db,
    sql`SELECT id, channel_code, body, headers, remote_ip, outcome FROM channel_pushes WHERE id = ${id}`,
  );
  if (!p) throw notFound('推送不存在');
  if (p.outcome !== 'refused' && p.outcome !== 'flagged' && p.outcome !== 'received')
    throw badRequest('只能重放被拒绝、被标记或未处理完的推送', 'id');
  const result = await receivePush(
    ctx,
    p.channel_code,
    { body: Buffer.from(p.body), headers: p.headers ?? {} },
    p.remote_ip ?? '',
    { replayOf: id, skipIpCheck: true },
  );
  await audit(ctx.db, op, {
    action: 'channel_push.replay',
    targetType: 'channel_push',
    targetId: id,
    before: { outcome: p.outcome },
    after: { outcome: result.outcome, reason: result.reason ?? null, pushId: result.pushId },
  });
  return { outcome: result.outcome, reason: result.reason ?? null, pushId: result.pushId ?? null };
}
