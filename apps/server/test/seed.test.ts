import { DEFAULT_ACTIVATION_THRESHOLD_FEN, DEFAULT_ACTIVATION_WINDOW_DAYS } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { createTestContext } from './helpers';

/** The demo data tells the same story as the rules the code applies. */
const ctx = await createTestContext();
const db = ctx.database.db;

describe('demo content', () => {
  it('the notices and banners state the activation rule and timing the engine applies', async () => {
    const texts = await rows<{ t: string }>(
      db,
      sql`SELECT title || ' ' || content AS t FROM notices
          UNION ALL SELECT title || ' ' || coalesce(content, '') FROM banners`,
    );
    const all = texts.map((r) => r.t).join('\n');
    const yuan = DEFAULT_ACTIVATION_THRESHOLD_FEN / 100;
    for (const m of all.matchAll(/满(\d+)元/g)) expect(Number(m[1])).toBe(yuan);
    expect(all).toContain(`满${yuan}元`);
    for (const m of all.matchAll(/(\d+)天内/g))
      expect(Number(m[1])).toBe(DEFAULT_ACTIVATION_WINDOW_DAYS);
    // Earnings and rewards are posted in real time, never "next day" or "by the 10th".
    expect(all).not.toMatch(/次日|次月\d+日/);
  });

  it('no terminal is moved before it was stocked in', async () => {
    const early = await rows<{ sn: string }>(
      db,
      sql`SELECT t.sn FROM terminal_operation_items i
            JOIN terminal_operations o ON o.id = i.operation_id
            JOIN terminals t ON t.id = i.terminal_id
           WHERE o.created_at < t.created_at LIMIT 5`,
    );
    expect(early).toEqual([]);
    const boundEarly = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE bound_at < created_at LIMIT 5`,
    );
    expect(boundEarly).toEqual([]);
  });
});
