import {
  WITHDRAWABLE_WALLETS,
  defaultTaxTerms,
  taxChannelProposal,
  withdrawalParts,
  type TaxChannel,
  type TaxChannelChange,
  type TaxChannelProposal,
  type WithdrawalParts,
} from '@pos/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { taxChannelChanges, taxChannels } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';
import { decideChange, listChanges, type ChangeDecision } from '../admin/decide-change';

/**
 * Tax channels (decision 034): which fee and taxes a withdrawal from each wallet pays, edited in
 * the console under four eyes (decision 022). The configured WITHDRAW_FEE_FEN and
 * WITHDRAW_TAX_PPM only make the first channel of a wallet that has none, through the same
 * writeTaxChannel an approved change uses; from then on the console's channels decide.
 */

/** The configured fee and tax rate the default channels are made with (today's 3 yuan + 6%). */
export interface WithdrawRules {
  feeFen: number;
  taxPpm: number;
}

type Row = typeof taxChannels.$inferSelect;

const toChannel = (r: Row): TaxChannel => ({
  id: r.id,
  code: r.code,
  name: r.name,
  walletType: r.walletType,
  vatPpm: r.vatPpm,
  pitPpm: r.pitPpm,
  feeFen: r.feeFen,
  taxAt: r.taxAt,
  enabled: r.enabled,
  version: r.version,
  updatedAt: r.updatedAt.toISOString(),
});

const termsOf = (r: Row): TaxChannelProposal => ({
  code: r.code,
  name: r.name,
  walletType: r.walletType as TaxChannelProposal['walletType'],
  vatPpm: r.vatPpm,
  pitPpm: r.pitPpm,
  feeFen: r.feeFen,
  taxAt: r.taxAt as TaxChannelProposal['taxAt'],
  enabled: r.enabled,
});

const DEFAULT_NAMES: Record<string, string> = {
  profit: '默认税务通道（分润钱包）',
  reward: '默认税务通道（奖励钱包）',
};

/**
 * Writes a channel's terms (new, or a new version of the channel with this code). Enabling it
 * routes its wallet to it: the wallet's other enabled channel is disabled in the same statement
 * order. Used by an approved change and by the defaults alike.
 */
export async function writeTaxChannel(tx: DbOrTx, p: TaxChannelProposal): Promise<Row> {
  if (p.enabled) {
    await tx
      .update(taxChannels)
      .set({ enabled: false, version: sql`${taxChannels.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(taxChannels.walletType, p.walletType),
          eq(taxChannels.enabled, true),
          sql`${taxChannels.code} <> ${p.code}`,
        ),
      );
  }
  const values = {
    name: p.name,
    walletType: p.walletType,
    vatPpm: p.vatPpm,
    pitPpm: p.pitPpm,
    feeFen: p.feeFen,
    taxAt: p.taxAt,
    enabled: p.enabled,
  };
  const [row] = await tx
    .insert(taxChannels)
    .values({ code: p.code, ...values })
    .onConflictDoUpdate({
      target: taxChannels.code,
      set: { ...values, version: sql`${taxChannels.version} + 1`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** Makes the default channel of every withdrawable wallet that has no channel at all. */
export async function ensureDefaultTaxChannels(db: Db, rules: WithdrawRules): Promise<void> {
  const have = await db.selectDistinct({ walletType: taxChannels.walletType }).from(taxChannels);
  const missing = WITHDRAWABLE_WALLETS.filter((w) => !have.some((h) => h.walletType === w));
  for (const walletType of missing) {
    const terms = defaultTaxTerms(rules.feeFen, rules.taxPpm);
    try {
      await db.transaction((tx) =>
        writeTaxChannel(tx, {
          code: `default-${walletType}`,
          name: DEFAULT_NAMES[walletType]!,
          walletType,
          ...terms,
          taxAt: 'payout',
          enabled: true,
        }),
      );
    } catch (err) {
      // Another request made it first (the code or the wallet's enabled channel is taken).
      if ((err as { code?: string }).code !== '23505') throw err;
    }
  }
}

/** The enabled channel of a wallet, its defaults made first when the wallet has none. */
export async function taxChannelFor(
  db: Db,
  walletType: string,
  rules: WithdrawRules,
): Promise<Row> {
  const find = async () => {
    const [row] = await db
      .select()
      .from(taxChannels)
      .where(and(eq(taxChannels.walletType, walletType), eq(taxChannels.enabled, true)));
    return row;
  };
  let row = await find();
  if (!row) {
    await ensureDefaultTaxChannels(db, rules);
    row = await find();
  }
  if (!row) throw badRequest('该钱包暂无可用的税务通道，请联系平台', 'walletType');
  return row;
}

/** What a withdrawal through this channel keeps of it: the parts and the channel's terms. */
export interface FrozenTax extends WithdrawalParts {
  taxChannelId: number;
  taxChannelVersion: number;
  taxChannelName: string;
  taxAt: string;
  vatPpm: number;
  pitPpm: number;
}

/** Names the channel and version a preview's parts come from (what the agent confirmed). */
export const taxTermsKeyOf = (channel: { id: number; version: number }) =>
  `${channel.id}:${channel.version}`;

export function partsThrough(channel: Row, amountFen: number): FrozenTax {
  return {
    ...withdrawalParts(amountFen, channel),
    taxChannelId: channel.id,
    taxChannelVersion: channel.version,
    taxChannelName: channel.name,
    taxAt: channel.taxAt,
    vatPpm: channel.vatPpm,
    pitPpm: channel.pitPpm,
  };
}

// --- The console ---------------------------------------------------------------------------------

export async function listTaxChannels(db: Db, rules: WithdrawRules) {
  await ensureDefaultTaxChannels(db, rules);
  const items = await db
    .select()
    .from(taxChannels)
    .orderBy(asc(taxChannels.walletType), asc(taxChannels.id));
  const changes = await listChanges(db, taxChannelChanges, {
    id: taxChannelChanges.id,
    code: taxChannelChanges.channelCode,
    proposal: taxChannelChanges.proposal,
    before: taxChannelChanges.before,
  });
  return {
    items: items.map(toChannel),
    changes: changes satisfies TaxChannelChange[],
  };
}

/** A change may not leave a wallet without an enabled channel, nor move a channel's wallet. */
async function checkAgainst(db: DbOrTx, p: TaxChannelProposal): Promise<Row | null> {
  const [current] = await db.select().from(taxChannels).where(eq(taxChannels.code, p.code));
  if (current && current.walletType !== p.walletType)
    throw badRequest('通道的钱包不能更改，请新建通道', 'walletType');
  if (!p.enabled && (!current || current.enabled))
    throw badRequest(
      current
        ? '每个钱包须有一个启用的税务通道：请启用另一个通道来替换它'
        : '新通道须启用（启用即替换该钱包当前的通道）',
      'enabled',
    );
  return current ?? null;
}

/** One operator proposes a channel's terms; nothing changes until another approves. */
export async function proposeTaxChannelChange(
  db: Db,
  op: OperatorCaller,
  input: TaxChannelProposal,
): Promise<{ id: number }> {
  const p = taxChannelProposal.parse(input);
  const current = await checkAgainst(db, p);
  return db.transaction(async (tx) => {
    const before = current ? termsOf(current) : null;
    const ins = alias(taxChannelChanges, 'ins');
    const row = await selectOne(tx, { id: ins.id }, sql`FROM ins`, {
      with: sql`WITH ins AS (
        INSERT INTO tax_channel_changes (channel_code, proposal, before, proposed_by)
        VALUES (${p.code}, ${JSON.stringify(p)}::jsonb,
                ${before ? JSON.stringify(before) : null}::jsonb, ${op.operatorId})
        RETURNING id)`,
    });
    const id = row!.id;
    await audit(tx, op, {
      action: 'tax_channel_change.propose',
      targetType: 'tax_channel_change',
      targetId: id,
      before,
      after: p,
    });
    return { id };
  });
}

/**
 * Another, independent operator approves (the channel is written, its version raised; requests
 * made before keep the terms they were made under) or rejects with a reason.
 */
export async function decideTaxChannelChange(
  db: Db,
  op: OperatorCaller,
  input: ChangeDecision,
): Promise<{ status: number }> {
  return decideChange(db, op, input, {
    table: taxChannelChanges,
    shape: { proposal: taxChannelChanges.proposal },
    refusal: '税务通道变更须由与发起人无关的另一位操作员复核',
    target: 'tax_channel_change',
    actions: { approve: 'tax_channel_change.approve', reject: 'tax_channel_change.reject' },
    apply: async (tx, c) => {
      const p = taxChannelProposal.parse(c.proposal);
      const current = await checkAgainst(tx, p);
      const before = current ? termsOf(current) : null;
      const written = await writeTaxChannel(tx, p);
      await audit(tx, op, {
        action: 'tax_channel.update',
        targetType: 'tax_channel',
        targetId: written.id,
        before,
        after: { ...p, version: written.version },
      });
      // What the channel was, beside the proposal, for the console's old/new view.
      return sql`before = ${before ? JSON.stringify(before) : null}::jsonb`;
    },
  });
}
