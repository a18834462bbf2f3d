import { PPM, pricingOf, refundReversal, splitFixed, splitTrade, type TradeInput } from '@pos/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { createAgent } from '../src/modules/agents/create-agent';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import { createTestContext } from './helpers';

/**
 * The set-based settlement SQL against the pure split of packages/core: random trees (up to 7
 * levels), random policies (some breaking the rules, some agents without any), random merchant
 * rates, price-adjustment shares, debit-card caps, fee collections and refunds, every
 * transaction's shares compared to the fen.
 */
const ctx = await createTestContext();
const db = ctx.database.db;
const num = (v: unknown) => Number(v);

interface Node {
  id: number;
  path: string;
  topId: number;
  parent: Node | null;
  costs: Record<number, number> | null;
  pass: number | null;
  version: number;
  serviceShare: number | null;
  commShare: number | null;
}

let tagSeq = 0;

async function buildWorld(seed: number) {
  const rand = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { seed, numRuns: 5000 });
  let i = 0;
  const r = (min: number, max: number) => min + (rand[i++ % rand.length]! % (max - min + 1));
  const tag = `E${seed}x${++tagSeq}`;
  const [brand] = await rows<{ id: unknown }>(
    db,
    sql`INSERT INTO brands (name) VALUES (${`等价${tag}`}) RETURNING id`,
  );
  const [pol] = await rows<{ id: unknown }>(
    db,
    sql`INSERT INTO policies (brand_id, name, service_fee_options_fen, comm_fee_options_fen)
        VALUES (${num(brand!.id)}, ${`等价${tag}`}, '[0, 9900]'::jsonb, '[0, 3600]'::jsonb) RETURNING id`,
  );
  const policyId = num(pol!.id);
  const product: Record<number, { standard: number; acquirer: number }> = {};
  for (let rt = 1; rt <= 6; rt++) {
    const acquirer = rt === 6 ? r(1000, 2000) : r(2000, 5000);
    const standard = acquirer + (rt === 6 ? r(0, 1500) : r(0, 3000));
    product[rt] = { standard, acquirer };
    await db.execute(sql`INSERT INTO policy_rates (policy_id, rate_type, standard_rate, min_rate, max_rate, acquirer_cost)
                         VALUES (${policyId}, ${rt}, ${standard}, ${standard}, ${standard + 5000}, ${acquirer})`);
  }
  const nodes: Node[] = [];
  const size = r(1, 14);
  for (let k = 0; k < size; k++) {
    const parent = k === 0 ? null : nodes[r(0, k - 1)]!;
    if (parent && parent.path.split('/').length > 8) continue;
    const row = await createAgent(db, {
      mobile: `135${String(seed % 10000).padStart(4, '0')}${String(tagSeq % 10).padStart(1, '0')}${String(k).padStart(3, '0')}`,
      passwordHash: 'x',
      name: `等价${k}`,
      parent: parent
        ? {
            id: parent.id,
            path: parent.path,
            depth: parent.path.split('/').length - 3,
            topId: parent.topId,
          }
        : null,
    });
    const hasPolicy = r(0, 9) > 0;
    // Mostly valid costs (a child's at least its parent's), sometimes not, to test the clamping.
    const costs: Record<number, number> | null = hasPolicy ? {} : null;
    if (costs) {
      for (let rt = 1; rt <= 6; rt++) {
        const base = parent?.costs?.[rt] ?? product[rt]!.acquirer;
        costs[rt] = Math.max(
          0,
          r(0, 9) === 0 ? base - r(0, 800) : base + r(0, rt === 6 ? 200 : 700),
        );
      }
    }
    const node: Node = {
      id: row.id,
      path: row.path,
      topId: row.topId!,
      parent,
      costs,
      pass: parent && r(0, 2) === 0 ? r(0, PPM) : null,
      version: r(1, 5),
      serviceShare: costs ? r(0, 9900) : null,
      commShare: costs ? r(0, 3600) : null,
    };
    nodes.push(node);
    if (costs) {
      const [ap] = await rows<{ id: unknown }>(
        db,
        sql`INSERT INTO agent_policies (agent_id, policy_id, agent_path, top_id, parent_agent_id, activation_reward_fen,
                                        service_fee_shares, comm_fee_shares, opened_by, version)
            VALUES (${node.id}, ${policyId}, ${node.path}, ${node.topId}, ${parent?.id ?? null}, 0,
                    ${JSON.stringify([{ optionFen: 9900, shareFen: node.serviceShare }])}::jsonb,
                    ${JSON.stringify([{ optionFen: 3600, shareFen: node.commShare }])}::jsonb, ${node.id}, ${node.version})
            RETURNING id`,
      );
      for (let rt = 1; rt <= 6; rt++) {
        await db.execute(sql`INSERT INTO agent_policy_rates (agent_policy_id, agent_id, policy_id, rate_type, cost, min_rate, max_rate)
                             VALUES (${num(ap!.id)}, ${node.id}, ${policyId}, ${rt}, ${costs[rt]!}, 0, 1000000)`);
      }
    }
    if (parent && node.pass !== null) {
      await db.execute(sql`INSERT INTO price_shares (child_id, policy_id, parent_id, child_path, top_id, pass_ppm, updated_by)
                           VALUES (${node.id}, ${policyId}, ${parent.id}, ${node.path}, ${node.topId}, ${node.pass}, ${parent.id})`);
    }
  }
  // A merchant under each of a few agents, with its own rates sometimes, and a terminal each.
  const merchants: { id: number; owner: Node; sn: string; rates: Record<number, number> }[] = [];
  for (let k = 0; k < Math.min(nodes.length, 4); k++) {
    const owner = nodes[r(0, nodes.length - 1)]!;
    const [m] = await rows<{ id: unknown }>(
      db,
      sql`INSERT INTO merchants (merchant_no, name, legal_name, mobile, agent_id, agent_path, top_id)
          VALUES (${`${tag}M${k}`}, ${`商户${k}`}, '张三', '13700000000', ${owner.id}, ${owner.path}, ${owner.topId}) RETURNING id`,
    );
    const rates: Record<number, number> = {};
    for (let rt = 1; rt <= 6; rt++) {
      if (r(0, 2) === 0) {
        rates[rt] = Math.max(0, product[rt]!.standard + r(-800, 1500));
        await db.execute(sql`INSERT INTO merchant_rates (merchant_id, rate_type, rate_ppm, policy_id, agent_id, top_id)
                             VALUES (${num(m!.id)}, ${rt}, ${rates[rt]!}, ${policyId}, ${owner.id}, ${owner.topId})`);
      }
    }
    const sn = `${tag}SN${k}`;
    await db.execute(sql`INSERT INTO terminals (sn, brand_id, model, policy_id, holder_agent_id, holder_path, top_id,
                                                bind_status, merchant_id, bound_at)
                         VALUES (${sn}, ${num(brand!.id)}, 'P1', ${policyId}, ${owner.id}, ${owner.path}, ${owner.topId},
                                 1, ${num(m!.id)}, now())`);
    merchants.push({ id: num(m!.id), owner, sn, rates });
  }
  return { tag, policyId, product, nodes, merchants, r };
}

function chainOf(node: Node): Node[] {
  const out: Node[] = [];
  for (let at: Node | null = node; at; at = at.parent) out.push(at);
  return out;
}

describe('set-based settlement equals the pure split', () => {
  it('for random trees, policies, rates, caps, fees and refunds, to the fen', async () => {
    for (const seed of [11, 23, 37, 41, 53, 67, 79, 97]) {
      const w = await buildWorld(seed);
      type Sent = {
        id: number;
        acquirerId: string;
        expected: Map<string, number>;
        fee: number;
        acq: number;
        amount: number;
      };
      const sent: Sent[] = [];
      const payments: Sent[] = [];
      for (let k = 0; k < 40; k++) {
        const m = w.merchants[w.r(0, w.merchants.length - 1)]!;
        const totalType = w.r(1, 12) > 10 ? (w.r(0, 1) ? 8 : 9) : w.r(1, 7);
        const isFee = totalType === 8 || totalType === 9;
        const amountFen = isFee
          ? totalType === 8
            ? 9900
            : 3600
          : w.r(0, 3) === 0
            ? w.r(0, 5000)
            : w.r(1000, 20_000_000);
        const reportRate = !isFee && w.r(0, 4) === 0;
        const pricing = pricingOf(totalType);
        const rateType = pricing?.rateType ?? 1;
        const reportedRate = reportRate ? w.product[rateType]!.standard + w.r(0, 900) : undefined;
        const reportedFee = !isFee && w.r(0, 6) === 0 ? w.r(0, 50_000) : undefined;
        const notification = {
          txnId: `${w.tag}P${k}`,
          kind: 1,
          sn: m.sn,
          amountFen,
          payType: 1,
          totalType,
          cardType: totalType === 2 || totalType === 6 ? 2 : 1,
          method: 1,
          status: 1,
          rate: reportedRate,
          feeFen: reportedFee,
          tradeTime: new Date().toISOString(),
        };
        const res = await ingestNotification(db, notification);
        // The expected shares from the pure functions.
        const chain = chainOf(m.owner);
        const expected = new Map<string, number>();
        let fee: number;
        let acq: number;
        if (isFee) {
          const split = splitFixed({
            kind: totalType === 8 ? 'service_fee_profit' : 'communication_fee_profit',
            poolFen: amountFen,
            chain: chain.map((a) => ({
              agentId: a.id,
              figureFen: totalType === 8 ? a.serviceShare : a.commShare,
            })),
          });
          for (const s of split.shares)
            expected.set(
              `${s.agentId}:${s.kind}`,
              (expected.get(`${s.agentId}:${s.kind}`) ?? 0) + s.amountFen,
            );
          fee = amountFen;
          acq = 0;
        } else {
          const input: TradeInput = {
            amountFen,
            chain: chain.map((a, level) => ({
              agentId: a.id,
              costPpm: a.costs?.[rateType] ?? null,
              capCostFen: a.costs?.[6] ?? null,
              adjustPassPpm: level === 0 ? null : (chain[level - 1]!.pass ?? null),
              policyVersion: a.costs ? a.version : null,
            })),
            merchantRatePpm: reportedRate ?? m.rates[rateType] ?? w.product[rateType]!.standard,
            standardRatePpm: w.product[rateType]!.standard,
            acquirerCostPpm: w.product[rateType]!.acquirer,
            debitCap: pricing?.cappable
              ? {
                  merchantCapFen: m.rates[6] ?? w.product[6]!.standard,
                  standardCapFen: w.product[6]!.standard,
                  acquirerCapFen: w.product[6]!.acquirer,
                }
              : null,
            feeFen: reportedFee ?? null,
          };
          const split = splitTrade(input);
          for (const s of split.shares)
            expected.set(
              `${s.agentId}:${s.kind}`,
              (expected.get(`${s.agentId}:${s.kind}`) ?? 0) + s.amountFen,
            );
          fee = split.feeFen;
          acq = split.acquirerCostFen;
        }
        const entry = {
          id: res.id!,
          acquirerId: notification.txnId,
          expected,
          fee,
          acq,
          amount: amountFen,
        };
        sent.push(entry);
        if (!isFee && res.flag === null) payments.push(entry);
        if (isFee && res.flag !== null) sent.pop(); // a second collection of the same fee is refused
      }
      await runSettlement(db, { batchSize: 17 });
      // Refunds (partial, cumulative) and reversals of some payments, at the frozen shares.
      const refunded = new Map<number, number>();
      for (const p of payments.slice(0, 12)) {
        for (let times = w.r(1, 3); times > 0; times--) {
          const reversal = w.r(0, 4) === 0;
          const before = refunded.get(p.id) ?? 0;
          if (before >= p.amount) break;
          const amount = reversal ? p.amount : w.r(0, p.amount);
          refunded.set(p.id, reversal ? p.amount : before + amount);
          await ingestNotification(db, {
            txnId: `${w.tag}R${p.id}-${times}`,
            kind: reversal ? 3 : 2,
            origTxnId: p.acquirerId,
            sn: 'ignored-for-refunds',
            amountFen: amount,
            payType: 1,
            totalType: 1,
            cardType: 1,
            method: 1,
            status: 1,
            tradeTime: new Date().toISOString(),
          });
        }
      }
      await runSettlement(db, { batchSize: 17 });
      for (const [id, cumulative] of refunded) {
        const p = payments.find((x) => x.id === id)!;
        const originals = await rows<{ id: unknown; amount_fen: unknown }>(
          db,
          sql`SELECT id, amount_fen FROM ledger_lines WHERE txn_id = ${id} AND agent_id IS NOT NULL ORDER BY id`,
        );
        const targets = refundReversal(
          originals.map((o) => num(o.amount_fen)),
          p.amount,
          Math.min(cumulative, p.amount),
        );
        const [rev] = await rows<{ total: unknown }>(
          db,
          sql`SELECT coalesce(sum(l.amount_fen), 0) AS total FROM ledger_lines l
                JOIN transactions t ON t.id = l.txn_id
               WHERE t.orig_txn_id = ${id} AND l.info_type = 'refund_reversal' AND l.account_id IN (
                 SELECT id FROM ledger_accounts WHERE agent_id IS NOT NULL)`,
        );
        expect(0 - num(rev!.total), `reversal of ${id}`).toBe(targets.reduce((a, b) => a + b, 0));
        const perLine = await rows<{ reverses_line_id: unknown; total: unknown }>(
          db,
          sql`SELECT reverses_line_id, sum(amount_fen) AS total FROM ledger_lines
               WHERE reverses_line_id = ANY(${sql.param(originals.map((o) => num(o.id)))}::bigint[]) GROUP BY 1`,
        );
        const owed = await rows(
          db,
          sql`SELECT 1 FROM ledger_lines l JOIN transactions t ON t.id = l.txn_id
                                         WHERE t.orig_txn_id = ${id} AND l.detail ->> 'owed' = 'true'`,
        );
        if (owed.length === 0) {
          originals.forEach((o, i) => {
            const line = perLine.find((x) => num(x.reverses_line_id) === num(o.id));
            expect(0 - num(line?.total ?? 0)).toBe(targets[i]);
          });
        }
      }
      for (const s of sent) {
        const got = await rows<{ agent_id: unknown; info_type: string; amount: unknown }>(
          db,
          sql`SELECT agent_id, info_type, sum(amount_fen) AS amount FROM ledger_lines
               WHERE txn_id = ${s.id} AND agent_id IS NOT NULL GROUP BY 1, 2`,
        );
        const gotMap = new Map(
          got.map((g) => [`${num(g.agent_id)}:${g.info_type}`, num(g.amount)]),
        );
        expect(gotMap, `transaction ${s.id} of world ${w.tag}`).toEqual(s.expected);
        const [st] = await rows<{
          fee_fen: unknown;
          acquirer_cost_fen: unknown;
          shares_fen: unknown;
          margin_fen: unknown;
        }>(
          db,
          sql`SELECT fee_fen, acquirer_cost_fen, shares_fen, margin_fen FROM settlements WHERE txn_id = ${s.id}`,
        );
        expect([num(st!.fee_fen), num(st!.acquirer_cost_fen)]).toEqual([s.fee, s.acq]);
        expect(num(st!.shares_fen) + num(st!.margin_fen)).toBe(
          num(st!.fee_fen) - num(st!.acquirer_cost_fen),
        );
      }
    }
    // Every kind of share was exercised (the demo data's withdrawals and mall points are not shares).
    const kinds = await rows<{ info_type: string }>(
      db,
      sql`SELECT DISTINCT info_type FROM ledger_lines
          WHERE agent_id IS NOT NULL AND info_type NOT LIKE 'withdrawal%'
            AND info_type <> 'points_activation'`,
    );
    expect(kinds.map((k) => k.info_type).sort()).toEqual([
      'communication_fee_profit',
      'debit_cap_profit',
      'price_adjust_profit',
      'refund_reversal',
      'service_fee_profit',
      'trade_profit',
    ]);
    const health = await ledgerHealth(db);
    expect(health).toEqual({
      globalSumFen: 0,
      linesSumFen: 0,
      negativeAgentAccounts: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
      refundsAwaitingOriginal: 0,
      feesSuperseded: 0,
    });
  });
});
