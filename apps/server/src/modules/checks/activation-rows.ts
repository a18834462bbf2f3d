import {
  DEFAULT_ACTIVATION_THRESHOLD_FEN,
  DEFAULT_ACTIVATION_WINDOW_DAYS,
  maskName,
  type ActivationCheckRow,
  type ActivationState,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { agents, brands, merchants, productPolicies, terminals } from '../../db/schema';
import { decode, orNull, type RowOf } from '../../db/typed';

const DAY_MS = 86_400_000;

/** The tables of an activation check, as `terminals t`, `brands b`, `merchants m`, `policies p`, `agents h`. */
export const t = alias(terminals, 't');
const b = alias(brands, 'b');
const m = alias(merchants, 'm');
const p = alias(productPolicies, 'p');
const h = alias(agents, 'h');

/**
 * The columns of an activation check, over `terminals t` joined with its brand `b`, merchant `m`,
 * policy `p` and holder `h`. The volume is the terminal's card volume since binding from the
 * daily rollup (terminal_daily_volume, one primary-key range per terminal): the Asia/Shanghai days
 * from the binding day to the day the window ends, both included, since the rollup knows days, not
 * instants. Policy terms default as the activation job's do (10,000 yuan within 30 days).
 * An agent reads the volume in its tree (decision 020): a terminal of its subtree was bound, and
 * traded since, in that tree.
 */
export const activationFields = (caller: Pick<Caller, 'topId'>) => {
  const windowDays = sql`coalesce(${p.activationWindowDays}, ${DEFAULT_ACTIVATION_WINDOW_DAYS})`;
  return {
    id: t.id,
    sn: t.sn,
    model: t.model,
    holderPath: t.holderPath,
    holderAgentId: t.holderAgentId,
    bindStatus: t.bindStatus,
    merchantId: t.merchantId,
    boundAt: t.boundAt,
    activatedAt: t.activatedAt,
    brandName: b.name,
    merchantName: orNull(m.name),
    holderName: orNull(h.name),
    thresholdFen:
      sql`coalesce(${p.activationThresholdFen}, ${DEFAULT_ACTIVATION_THRESHOLD_FEN})`.mapWith(
        decode.number,
      ),
    windowDays: windowDays.mapWith(decode.number),
    volumeFen: sql`CASE WHEN ${t.boundAt} IS NULL OR ${t.bindStatus} = 0 THEN 0 ELSE (
      SELECT coalesce(sum(v.card_volume_fen), 0) FROM terminal_daily_volume v
       WHERE v.terminal_id = ${t.id}${andInTree(sql`v.top_id`, caller)}
         AND v.day >= (${t.boundAt} AT TIME ZONE 'Asia/Shanghai')::date
         AND v.day <= ((${t.boundAt} + make_interval(days => ${windowDays}))
                       AT TIME ZONE 'Asia/Shanghai')::date
    ) END`.mapWith(decode.number),
  };
};
export type ActivationRow = RowOf<ReturnType<typeof activationFields>>;

/** The brand, merchant, policy and holder of `terminals t`; an agent's in its tree (decision 020). */
export const activationJoins = (
  caller: Pick<Caller, 'topId'>,
) => sql`JOIN brands b ON ${b.id} = ${t.brandId}
    LEFT JOIN merchants m ON ${m.id} = ${t.merchantId}${andInTree(sql`${m.topId}`, caller)}
    LEFT JOIN policies p ON ${p.id} = ${t.policyId}
    LEFT JOIN agents h ON ${h.id} = ${t.holderAgentId}${andInTree(sql`${h.topId}`, caller)}`;

/**
 * Why a terminal is where it is (business rules section 4): activated (bind status 3); not bound;
 * the threshold reached but the activation job has not marked it yet (it takes terminals up to a
 * day after their window); the window passed; or the volume still short inside the window.
 */
export function activationState(input: {
  bindStatus: number;
  boundAt: Date | null;
  volumeFen: number;
  thresholdFen: number;
  windowDays: number;
  now: Date;
}): { state: ActivationState; deadline: Date | null } {
  if (input.bindStatus === 3) {
    return {
      state: 'activated',
      deadline: input.boundAt
        ? new Date(input.boundAt.getTime() + input.windowDays * DAY_MS)
        : null,
    };
  }
  if (input.bindStatus === 0 || !input.boundAt) return { state: 'not_bound', deadline: null };
  const deadline = new Date(input.boundAt.getTime() + input.windowDays * DAY_MS);
  const now = input.now.getTime();
  if (input.volumeFen >= input.thresholdFen && now < deadline.getTime() + DAY_MS) {
    return { state: 'reached', deadline };
  }
  return { state: now >= deadline.getTime() ? 'window_passed' : 'volume_short', deadline };
}

/** One row for the caller `callerId` (the holder's name is masked unless it is the caller's). */
export function toActivationRow(r: ActivationRow, now: Date, callerId: number): ActivationCheckRow {
  const bindStatus = r.bindStatus;
  const { state, deadline } = activationState({
    bindStatus,
    boundAt: r.boundAt,
    volumeFen: r.volumeFen,
    thresholdFen: r.thresholdFen,
    windowDays: r.windowDays,
    now,
  });
  return {
    terminalId: r.id,
    sn: r.sn,
    brandName: r.brandName,
    model: r.model,
    bindStatus,
    merchantId: r.merchantId,
    merchantName: r.merchantName ?? '',
    holderName:
      r.holderName === null
        ? ''
        : r.holderAgentId === callerId
          ? r.holderName
          : maskName(r.holderName),
    boundAt: bindStatus === 0 || !r.boundAt ? null : r.boundAt.toISOString(),
    activatedAt: r.activatedAt ? r.activatedAt.toISOString() : null,
    thresholdFen: r.thresholdFen,
    windowDays: r.windowDays,
    deadline: deadline ? deadline.toISOString() : null,
    volumeFen: r.volumeFen,
    state,
  };
}
