import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, ledgerLines } from '../../db/schema';
import { select, selectOne } from '../../db/typed';
import { AppError } from '../../lib/app-error';

/** The entry just inserted, as the CTE `ins` returns it. */
const ins = alias(ledgerEntries, 'ins');

/** One line of a posting: money into (positive) or out of (negative) an account. */
export interface PostingLine {
  accountId: number;
  amountFen: number;
  /** A code of LEDGER_INFO_TYPES: what the agent sees the line as. */
  infoType: string;
  txnId?: number | null;
  volumeFen?: number | null;
  ownCost?: number | null;
  lowerRate?: number | null;
  diff?: number | null;
  policyVersion?: number | null;
  reversesLineId?: number | null;
  detail?: unknown;
}

export interface PostingInput {
  /** Makes the posting idempotent: a second posting with the same key changes nothing. */
  idemKey: string;
  /** Why the entry exists (trade_settlement, withdrawal, activation ...). */
  reason: string;
  txnId?: number | null;
  memo?: string | null;
  lines: readonly PostingLine[];
}

export interface PostingResult {
  entryId: number;
  /** False when the key had been posted before and nothing was written now. */
  created: boolean;
}

/** Raised when a posting would take an agent wallet below zero; nothing is written. */
export class InsufficientBalanceError extends AppError {
  constructor() {
    super('BAD_REQUEST', '余额不足', { reason: 'INSUFFICIENT_BALANCE' });
  }
}

/**
 * Posts one double-entry ledger entry: its lines must sum to zero, and they are written in one
 * statement, whose trigger checks the balance again, moves the account balances and adds to the
 * daily earnings. Run it inside the caller's database transaction so the posting and whatever it
 * pays for commit together. A line that would take an agent wallet below zero fails the whole
 * posting with InsufficientBalanceError.
 */
export async function postEntry(db: DbOrTx, input: PostingInput): Promise<PostingResult> {
  const lines = input.lines;
  if (lines.length === 0) throw new Error('a ledger entry needs lines');
  let total = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountFen))
      throw new Error(`line amount ${line.amountFen} is not whole fen`);
    total += line.amountFen;
  }
  if (total !== 0) throw new Error(`ledger entry ${input.idemKey} does not balance (${total})`);

  const entry = await selectOne(db, { id: ins.id }, sql`FROM ins`, {
    with: sql`WITH ins AS (
      INSERT INTO ledger_entries (idem_key, reason, txn_id, memo)
      VALUES (${input.idemKey}, ${input.reason}, ${input.txnId ?? null}, ${input.memo ?? null})
      ON CONFLICT (idem_key) DO NOTHING RETURNING id)`,
  });
  if (!entry) {
    const existing = await selectOne(
      db,
      { id: ledgerEntries.id },
      sql`FROM ${ledgerEntries} WHERE ${ledgerEntries.idemKey} = ${input.idemKey}`,
    );
    return { entryId: existing!.id, created: false };
  }
  const entryId = entry.id;
  const col = <T>(pick: (l: PostingLine) => T) => sql.param(lines.map(pick));
  try {
    await db.execute(sql`
      INSERT INTO ledger_lines (entry_id, account_id, agent_id, top_id, amount_fen, info_type, txn_id,
                                volume_fen, own_cost, lower_rate, diff, policy_version, reverses_line_id, detail)
      SELECT ${entryId}, l.account_id, CASE WHEN a.kind = 'agent' THEN a.agent_id END, a.top_id, l.amount_fen,
             l.info_type, l.txn_id, l.volume_fen, l.own_cost, l.lower_rate, l.diff, l.policy_version,
             l.reverses_line_id, l.detail::jsonb
        FROM unnest(${col((l) => l.accountId)}::bigint[], ${col((l) => l.amountFen)}::bigint[],
                    ${col((l) => l.infoType)}::text[], ${col((l) => l.txnId ?? input.txnId ?? null)}::bigint[],
                    ${col((l) => l.volumeFen ?? null)}::bigint[], ${col((l) => l.ownCost ?? null)}::bigint[],
                    ${col((l) => l.lowerRate ?? null)}::bigint[], ${col((l) => l.diff ?? null)}::bigint[],
                    ${col((l) => l.policyVersion ?? null)}::integer[], ${col((l) => l.reversesLineId ?? null)}::bigint[],
                    ${col((l) => (l.detail === undefined || l.detail === null ? null : JSON.stringify(l.detail)))}::text[])
             WITH ORDINALITY AS l(account_id, amount_fen, info_type, txn_id, volume_fen, own_cost, lower_rate, diff,
                                  policy_version, reverses_line_id, detail, ord)
        JOIN ledger_accounts a ON a.id = l.account_id
       ORDER BY l.ord`);
  } catch (err) {
    throw translatePostingError(err);
  }
  return { entryId, created: true };
}

/** The balance CHECK of agent wallets becomes a clear error; anything else passes through. */
export function translatePostingError(err: unknown): unknown {
  const e = err as {
    code?: string;
    constraint?: string;
    message?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (
    code === '23514' &&
    (constraint === 'ledger_accounts_not_negative' ||
      /ledger_accounts_not_negative/.test(e.message ?? ''))
  ) {
    return new InsufficientBalanceError();
  }
  return err;
}

/**
 * Corrects an entry the only way the ledger allows: a new entry with every line negated, each
 * naming the line it reverses. Idempotent by its own key.
 */
export async function reverseEntry(
  db: DbOrTx,
  entryId: number,
  opts: { idemKey: string; reason: string; infoType?: string; memo?: string },
): Promise<PostingResult> {
  const ll = ledgerLines;
  const original = await select(
    db,
    {
      id: ll.id,
      accountId: ll.accountId,
      amountFen: ll.amountFen,
      infoType: ll.infoType,
      txnId: ll.txnId,
      volumeFen: ll.volumeFen,
      ownCost: ll.ownCost,
      lowerRate: ll.lowerRate,
      diff: ll.diff,
      policyVersion: ll.policyVersion,
    },
    sql`FROM ${ll} WHERE ${ll.entryId} = ${entryId} ORDER BY ${ll.id}`,
  );
  if (original.length === 0) throw new Error(`ledger entry ${entryId} has no lines`);
  return postEntry(db, {
    idemKey: opts.idemKey,
    reason: opts.reason,
    memo: opts.memo ?? null,
    lines: original.map((l) => ({
      accountId: l.accountId,
      amountFen: -l.amountFen,
      infoType: opts.infoType ?? l.infoType,
      txnId: l.txnId,
      volumeFen: l.volumeFen,
      ownCost: l.ownCost,
      lowerRate: l.lowerRate,
      diff: l.diff,
      policyVersion: l.policyVersion,
      reversesLineId: l.id,
    })),
  });
}
