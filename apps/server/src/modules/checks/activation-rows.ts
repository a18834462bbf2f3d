import {
  DEFAULT_ACTIVATION_THRESHOLD_FEN,
  DEFAULT_ACTIVATION_WINDOW_DAYS,
  maskName,
  type ActivationCheckRow,
  type ActivationState,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { isoOrNull, num, numOrNull } from '../../db/convert';

const DAY_MS = 86_400_000;

/**
 * The columns of an activation check, over `terminals t` joined with its brand `b`, merchant `m`,
 * policy `p` and holder `h`. The volume is the terminal's card volume since binding from the
 * daily rollup (terminal_daily_volume, one primary-key range per terminal): the Asia/Shanghai days
 * from the binding day to the day the window ends, both included, since the rollup knows days, not
 * instants. Policy terms default as the activation job's do (10,000 yuan within 30 days).
 * An agent reads the volume in its tree (decision 020): a terminal of its subtree was bound, and
 * traded since, in that tree.
 */
export const activationColumns = (
  caller: Pick<Caller, 'topId'>,
) => sql`t.id, t.sn, t.model, t.holder_path, t.holder_agent_id, t.bind_status, t.merchant_id,
    t.bound_at, t.activated_at, b.name AS brand_name, m.name AS merchant_name, h.name AS holder_name,
    coalesce(p.activation_threshold_fen, ${DEFAULT_ACTIVATION_THRESHOLD_FEN}) AS threshold_fen,
    coalesce(p.activation_window_days, ${DEFAULT_ACTIVATION_WINDOW_DAYS}) AS window_days,
    CASE WHEN t.bound_at IS NULL OR t.bind_status = 0 THEN 0 ELSE (
      SELECT coalesce(sum(v.card_volume_fen), 0) FROM terminal_daily_volume v
       WHERE v.terminal_id = t.id${andInTree(sql`v.top_id`, caller)}
         AND v.day >= (t.bound_at AT TIME ZONE 'Asia/Shanghai')::date
         AND v.day <= ((t.bound_at + make_interval(days => coalesce(p.activation_window_days, ${DEFAULT_ACTIVATION_WINDOW_DAYS})))
                       AT TIME ZONE 'Asia/Shanghai')::date
    ) END AS volume_fen`;

/** The brand, merchant, policy and holder of `terminals t`; an agent's in its tree (decision 020). */
export const activationJoins = (
  caller: Pick<Caller, 'topId'>,
) => sql`JOIN brands b ON b.id = t.brand_id
    LEFT JOIN merchants m ON m.id = t.merchant_id${andInTree(sql`m.top_id`, caller)}
    LEFT JOIN policies p ON p.id = t.policy_id
    LEFT JOIN agents h ON h.id = t.holder_agent_id${andInTree(sql`h.top_id`, caller)}`;

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
export function toActivationRow(
  r: Record<string, unknown>,
  now: Date,
  callerId: number,
): ActivationCheckRow {
  const boundAt = isoOrNull(r.bound_at);
  const bindStatus = num(r.bind_status);
  const thresholdFen = num(r.threshold_fen);
  const windowDays = num(r.window_days);
  const volumeFen = num(r.volume_fen);
  const { state, deadline } = activationState({
    bindStatus,
    boundAt: boundAt ? new Date(boundAt) : null,
    volumeFen,
    thresholdFen,
    windowDays,
    now,
  });
  return {
    terminalId: num(r.id),
    sn: String(r.sn),
    brandName: String(r.brand_name ?? ''),
    model: String(r.model ?? ''),
    bindStatus,
    merchantId: numOrNull(r.merchant_id),
    merchantName: r.merchant_name == null ? '' : String(r.merchant_name),
    holderName:
      r.holder_name == null
        ? ''
        : num(r.holder_agent_id) === callerId
          ? String(r.holder_name)
          : maskName(String(r.holder_name)),
    boundAt: bindStatus === 0 ? null : boundAt,
    activatedAt: isoOrNull(r.activated_at),
    thresholdFen,
    windowDays,
    deadline: deadline ? deadline.toISOString() : null,
    volumeFen,
    state,
  };
}
