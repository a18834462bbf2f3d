import { createPrivateKey, createPublicKey } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { channelChanges, channelPushes, channels } from '../../db/schema';
import { decode, select, selectOne } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';
import { decideChange, listChanges, type ChangeDecision } from '../admin/decide-change';
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
  const c = alias(channels, 'c');
  const list = await select(
    db,
    {
      id: c.id,
      code: c.code,
      name: c.name,
      protocol: c.protocol,
      enabled: c.enabled,
      ipAllow: c.ipAllow,
      acquirerPublicKey: c.acquirerPublicKey,
      platformPrivateKeyEnc: c.platformPrivateKeyEnc,
      secretEnc: c.secretEnc,
      updatedAt: c.updatedAt,
      brands:
        sql`(SELECT json_agg(json_build_object('id', b.id, 'name', b.name) ORDER BY b.sort, b.id)
                     FROM channel_brands cb JOIN brands b ON b.id = cb.brand_id
                    WHERE cb.channel_id = ${c.id})`.mapWith(
          decode.json<{ id: number; name: string }[] | null>(),
        ),
    },
    sql`FROM channels c ORDER BY ${c.id}`,
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
    items: list.map((x) => ({
      id: x.id,
      code: x.code,
      name: x.name,
      protocol: x.protocol,
      enabled: x.enabled,
      ipAllow: x.ipAllow,
      brands: (x.brands ?? []).map((b) => ({ id: Number(b.id), name: b.name })),
      acquirerPublicKey: maskKey(x.acquirerPublicKey),
      platformPrivateKey: opened(x.platformPrivateKeyEnc),
      secret: opened(x.secretEnc),
      updatedAt: x.updatedAt.toISOString(),
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
    const [row] = await tx
      .insert(channelChanges)
      .values({
        channelCode: p.code,
        payloadEnc: cipher.encrypt(JSON.stringify(p)),
        summary,
        proposedBy: op.operatorId,
      })
      .returning({ id: channelChanges.id });
    const id = row!.id;
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
  return listChanges(db, channelChanges, {
    id: channelChanges.id,
    code: channelChanges.channelCode,
    summary: channelChanges.summary,
  });
}

/** Another, independent operator approves (the channel is written) or rejects (with a reason). */
export async function decideChannelChange(
  db: Db,
  cipher: Cipher,
  op: OperatorCaller,
  input: ChangeDecision,
) {
  return decideChange(db, op, input, {
    table: channelChanges,
    shape: { payloadEnc: channelChanges.payloadEnc, summary: channelChanges.summary },
    refusal: '通道变更须由与发起人无关的另一位操作员复核',
    target: 'channel_change',
    actions: { approve: 'channel_change.approve', reject: 'channel_change.reject' },
    apply: async (tx, c) => {
      const p = JSON.parse(cipher.decrypt(c.payloadEnc)) as ChannelProposal;
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
  const cp = channelPushes;
  const list = await select(
    db,
    {
      id: cp.id,
      channel: cp.channelCode,
      orderNo: cp.orderNo,
      outcome: cp.outcome,
      reason: cp.reason,
      remoteIp: cp.remoteIp,
      size: sql`octet_length(${cp.body})`.mapWith(decode.number),
      receivedAt: cp.receivedAt,
    },
    sql`FROM channel_pushes
         WHERE outcome = ANY(${sql.param(outcomes)}::text[])
           ${q.channel ? sql`AND channel_code = ${q.channel}` : sql``}
           ${q.beforeId ? sql`AND id < ${q.beforeId}` : sql``}
         ORDER BY id DESC LIMIT ${Math.min(q.limit ?? 50, 200)}`,
  );
  return list.map((p) => ({ ...p, receivedAt: p.receivedAt.toISOString() }));
}

/**
 * Runs a stored push through the pipeline again, as received (bytes and headers), with the
 * channel's keys and mapping as they are now; the allow-list is not asked again (the push was
 * stored with the address it came from). What it applied before stays applied once: the
 * idempotency keys hold.
 */
export async function replayPush(ctx: PushContext, op: OperatorCaller, id: number) {
  const cp = channelPushes;
  const p = await selectOne(
    ctx.db,
    {
      channelCode: cp.channelCode,
      body: cp.body,
      headers: cp.headers,
      remoteIp: cp.remoteIp,
      outcome: cp.outcome,
    },
    sql`FROM channel_pushes WHERE ${cp.id} = ${id}`,
  );
  if (!p) throw notFound('推送不存在');
  if (p.outcome !== 'refused' && p.outcome !== 'flagged' && p.outcome !== 'received')
    throw badRequest('只能重放被拒绝、被标记或未处理完的推送', 'id');
  const result = await receivePush(
    ctx,
    p.channelCode,
    { body: Buffer.from(p.body), headers: p.headers },
    p.remoteIp ?? '',
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
