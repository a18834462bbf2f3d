import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rows, type Db } from './client';
import type { AgentRow } from './schema';
import { rebuildRollups } from '../modules/stats/rollups';

/**
 * A 160×100 PNG drawn here: a cream sheet with a red frame and grey lines, standing for a
 * licence photo in the demo data.
 */
function demoLicencePhoto(): Buffer {
  const w = 160;
  const h = 100;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const frame = x < 4 || y < 4 || x >= w - 4 || y >= h - 4;
      const line = !frame && x > 20 && x < w - 20 && y > 24 && y % 12 === 0;
      const [r, g, b] = frame ? [190, 40, 40] : line ? [150, 150, 150] : [250, 244, 228];
      const at = y * (w * 3 + 1) + 1 + x * 3;
      raw[at] = r!;
      raw[at + 1] = g!;
      raw[at + 2] = b!;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const DEMO_LICENCE_PHOTO = demoLicencePhoto();

type Accounts = Record<'operator' | 'top' | 'child' | 'grandchild' | 'otherTop', AgentRow>;

/**
 * Demo terminals and merchants (about 3,250 terminals and 200 merchants), written with
 * set-based statements so the seed stays quick:
 *
 * | holder     | 联迪 (LD + 8 digits)        | 新大陆 (XN + 8 digits)        |
 * |------------|-----------------------------|-------------------------------|
 * | top        | LD00000001-1500, 1791-1800  | XN00000001-0600               |
 * | child      | LD00001501-1790             | XN00000601-0700 (691-700 recall pending) |
 * | grandchild | LD00001801-1900             | XN00000701-0750               |
 * | otherTop   | LD00002001-2300             | XN00001001-1100               |
 * | platform   | LD00005001-5200             |                               |
 *
 * The first SNs of each block are bound to the holder's merchants and some of those activated;
 * the history holds the allocations that put the stock there, a passed and a rejected recall,
 * a recall pending for the child to answer, and one bind record per bound terminal.
 * The figures of these merchants and activations are rebuilt from the rows written.
 * Keyed on the 联迪 brand: when it exists, nothing is written.
 */
export async function seedTerminals(db: Db, accounts: Accounts) {
  const [exists] = await rows(db, sql`SELECT 1 FROM brands WHERE name = '联迪'`);
  if (exists) return;
  const { operator, top, child, grandchild, otherTop } = accounts;

  await db.transaction(async (tx) => {
    const [ld] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO brands (name, models, sort) VALUES ('联迪', ARRAY['A8','E350'], 1) RETURNING id`,
    );
    const [xn] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO brands (name, models, sort) VALUES ('新大陆', ARRAY['ME31','N910'], 2) RETURNING id`,
    );
    const ldId = Number(ld!.id);
    const xnId = Number(xn!.id);
    const [ldPolicy] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO policies (brand_id, name) VALUES (${ldId}, '联迪标准政策') RETURNING id`,
    );
    const [xnPolicy] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO policies (brand_id, name) VALUES (${xnId}, '新大陆标准政策') RETURNING id`,
    );

    // Merchants: names from a few word lists, mobiles 137xxxxxxxx, created over the last 60 days.
    const merchantsOf = async (agent: AgentRow, count: number, offset: number) => {
      await tx.execute(sql`
        INSERT INTO merchants (merchant_no, name, legal_name, mobile, address, agent_id, agent_path, top_id,
          licence_status, identify_status, created_at, updated_at)
        SELECT 'M' || lpad((900000 + g)::text, 11, '0'),
          (ARRAY['鑫','福','顺','佳','兴','隆','盛','和','美','旺'])[1 + g % 10]
            || (ARRAY['便利店','餐饮店','水果店','服装店','五金店','美发店','药店','超市','茶饮店','烟酒店'])[1 + (g / 10) % 10]
            || g::text || '号',
          (ARRAY['张','王','李','赵','刘','陈','杨','黄','周','吴'])[1 + (g / 3) % 10]
            || (ARRAY['伟','芳','娜','敏','静','强','磊','洋','勇','艳'])[1 + g % 10]
            || (ARRAY['','华','明','红','军'])[1 + g % 5],
          '137' || lpad(g::text, 8, '0'),
          '示范市中心区' || (g % 30 + 1)::text || '号',
          ${agent.id}, ${agent.path}, ${agent.topId ?? agent.id},
          CASE WHEN g % 5 = 0 THEN 2 WHEN g % 7 = 0 THEN 1 ELSE 0 END,
          CASE WHEN g % 3 = 0 THEN 1 ELSE 0 END,
          now() - make_interval(days => g % 60), now()
        FROM generate_series(${offset + 1}::int, ${offset + count}::int) g`);
    };
    await merchantsOf(top, 100, 0);
    await merchantsOf(child, 50, 100);
    await merchantsOf(grandchild, 20, 150);
    await merchantsOf(otherTop, 30, 170);
    // A merchant under review holds what an agent submits for it: the licence's details and its
    // photo (one drawn demo image), so the console's review queue reads as a real one.
    await tx.execute(sql`
      WITH photos AS (
        INSERT INTO merchant_files (merchant_id, kind, mime, size_bytes, data, uploaded_by)
        SELECT id, 'licence', 'image/png', ${DEMO_LICENCE_PHOTO.length}::int,
               decode(${DEMO_LICENCE_PHOTO.toString('base64')}::text, 'base64'), agent_id
          FROM merchants WHERE licence_status = 1
        RETURNING id, merchant_id)
      UPDATE merchants m
         SET licence_no = '91310000' || lpad(m.id::text, 9, '0') || 'X', licence_name = m.name,
             licence_address = m.address, licence_valid_to = '长期', licence_file_id = p.id,
             licence_submitted_at = m.created_at
        FROM photos p WHERE p.merchant_id = m.id`);

    const block = async (
      prefix: 'LD' | 'XN',
      from: number,
      to: number,
      holder: AgentRow | null,
    ) => {
      const brandId = prefix === 'LD' ? ldId : xnId;
      const policyId = Number((prefix === 'LD' ? ldPolicy : xnPolicy)!.id);
      const models = prefix === 'LD' ? ['A8', 'E350'] : ['ME31', 'N910'];
      await tx.execute(sql`
        INSERT INTO terminals (sn, brand_id, model, policy_id, holder_agent_id, holder_path, top_id,
          service_fee_fen, comm_fee_fen, created_at, updated_at)
        SELECT ${prefix} || lpad(g::text, 8, '0'), ${brandId},
          CASE WHEN g % 2 = 0 THEN ${models[0]} ELSE ${models[1]} END, ${policyId},
          ${holder?.id ?? null}, ${holder?.path ?? ''}, ${holder ? (holder.topId ?? holder.id) : null},
          (ARRAY[0, 9900, 19900])[1 + g % 3], (ARRAY[3600, 4800])[1 + g % 2],
          -- Stocked in before the oldest demo allocation (50 days ago).
          now() - interval '60 days', now()
        FROM generate_series(${from}::int, ${to}::int) g`);
    };
    await block('LD', 1, 1500, top);
    await block('LD', 1501, 1790, child);
    await block('LD', 1791, 1800, top);
    await block('LD', 1801, 1900, grandchild);
    await block('LD', 2001, 2300, otherTop);
    await block('LD', 5001, 5200, null);
    await block('XN', 1, 600, top);
    await block('XN', 601, 700, child);
    await block('XN', 701, 750, grandchild);
    await block('XN', 1001, 1100, otherTop);

    // Bind the first SNs of a block to the holder's merchants, round robin, and activate some.
    const bind = async (
      prefix: string,
      from: number,
      to: number,
      activateTo: number,
      holder: AgentRow,
    ) => {
      const range = sql`t.sn BETWEEN ${prefix + String(from).padStart(8, '0')} AND ${prefix + String(to).padStart(8, '0')}`;
      await tx.execute(sql`
        WITH ms AS (SELECT array_agg(id ORDER BY id) AS a FROM merchants WHERE agent_id = ${holder.id})
        UPDATE terminals t SET bind_status = 1,
          merchant_id = ms.a[1 + (substr(t.sn, 3)::int % cardinality(ms.a))],
          bound_at = now() - make_interval(days => substr(t.sn, 3)::int % 36 + 1)
        FROM ms WHERE ${range}`);
      if (activateTo >= from) {
        await tx.execute(sql`
          UPDATE terminals t SET bind_status = 3,
            activated_at = least(now(), t.bound_at + make_interval(days => substr(t.sn, 3)::int % 7 + 1))
          WHERE t.sn BETWEEN ${prefix + String(from).padStart(8, '0')} AND ${prefix + String(activateTo).padStart(8, '0')}`);
      }
    };
    await bind('LD', 1, 200, 80, top);
    await bind('LD', 1501, 1560, 1530, child);
    await bind('LD', 1801, 1830, 1815, grandchild);
    await bind('LD', 2001, 2060, 2030, otherTop);
    await bind('XN', 1, 100, 40, top);
    await bind('XN', 601, 620, 610, child);
    await bind('XN', 701, 710, 0, grandchild);
    await bind('XN', 1001, 1020, 1010, otherTop);
    // A merchant cannot be older than its first binding.
    await tx.execute(sql`
      UPDATE merchants m SET created_at = least(m.created_at, f.first_bound - interval '1 hour')
      FROM (SELECT merchant_id, min(bound_at) AS first_bound FROM terminals
            WHERE merchant_id IS NOT NULL GROUP BY merchant_id) f
      WHERE f.merchant_id = m.id`);

    // History: one operation with its items for each move that put the stock where it is.
    const record = async (op: {
      type: number;
      status: number;
      operator: AgentRow;
      from: AgentRow | null;
      to: AgentRow | null;
      prefix: string;
      first: number;
      last: number;
      daysAgo: number;
      reason?: string;
      pending?: boolean;
    }) => {
      const firstSn = op.prefix + String(op.first).padStart(8, '0');
      const lastSn = op.prefix + String(op.last).padStart(8, '0');
      const [row] = await rows<{ id: unknown }>(
        tx,
        sql`INSERT INTO terminal_operations (type, status, operator_id, from_agent_id, to_agent_id, top_id, count,
              first_sn, last_sn, reason, created_at, decided_at, auto_pass_at)
            VALUES (${op.type}, ${op.status}, ${op.operator.id}, ${op.from?.id ?? null}, ${op.to?.id ?? null},
              ${(op.to ?? op.from)?.topId ?? null}, ${op.last - op.first + 1}, ${firstSn}, ${lastSn}, ${op.reason ?? ''},
              now() - make_interval(days => ${op.daysAgo}),
              ${op.pending ? null : sql`now() - make_interval(days => ${op.daysAgo}) + interval '2 hours'`},
              ${op.pending ? sql`now() - make_interval(days => ${op.daysAgo}) + interval '72 hours'` : null})
            RETURNING id`,
      );
      const id = Number(row!.id);
      await tx.execute(sql`
        INSERT INTO terminal_operation_items (operation_id, terminal_id, sn)
        SELECT ${id}, t.id, t.sn FROM terminals t WHERE t.sn BETWEEN ${firstSn} AND ${lastSn}`);
      if (op.pending) {
        await tx.execute(
          sql`UPDATE terminals SET pending_operation_id = ${id} WHERE sn BETWEEN ${firstSn} AND ${lastSn}`,
        );
      }
    };
    const P = 1; // passed
    await record({
      type: 0,
      status: P,
      operator,
      from: null,
      to: top,
      prefix: 'LD',
      first: 1,
      last: 1900,
      daysAgo: 50,
    });
    await record({
      type: 0,
      status: P,
      operator,
      from: null,
      to: top,
      prefix: 'XN',
      first: 1,
      last: 750,
      daysAgo: 50,
    });
    await record({
      type: 0,
      status: P,
      operator,
      from: null,
      to: otherTop,
      prefix: 'LD',
      first: 2001,
      last: 2300,
      daysAgo: 50,
    });
    await record({
      type: 0,
      status: P,
      operator,
      from: null,
      to: otherTop,
      prefix: 'XN',
      first: 1001,
      last: 1100,
      daysAgo: 50,
    });
    await record({
      type: 0,
      status: P,
      operator: top,
      from: top,
      to: child,
      prefix: 'LD',
      first: 1501,
      last: 1900,
      daysAgo: 48,
    });
    await record({
      type: 0,
      status: P,
      operator: top,
      from: top,
      to: child,
      prefix: 'XN',
      first: 601,
      last: 750,
      daysAgo: 48,
    });
    await record({
      type: 0,
      status: P,
      operator: child,
      from: child,
      to: grandchild,
      prefix: 'LD',
      first: 1801,
      last: 1900,
      daysAgo: 47,
    });
    await record({
      type: 1,
      status: P,
      operator: child,
      from: child,
      to: grandchild,
      prefix: 'XN',
      first: 701,
      last: 750,
      daysAgo: 47,
    });
    await record({
      type: 2,
      status: P,
      operator: top,
      from: child,
      to: top,
      prefix: 'LD',
      first: 1791,
      last: 1800,
      daysAgo: 10,
      reason: '库存调整',
    });
    await record({
      type: 2,
      status: 2,
      operator: top,
      from: child,
      to: top,
      prefix: 'XN',
      first: 671,
      last: 680,
      daysAgo: 6,
      reason: '库存调整',
    });
    await record({
      type: 2,
      status: 0,
      operator: top,
      from: child,
      to: top,
      prefix: 'XN',
      first: 691,
      last: 700,
      daysAgo: 1,
      reason: '调回总部',
      pending: true,
    });
    await tx.execute(sql`
      UPDATE terminal_operations SET decision_reason = '终端已分配给业务员' WHERE type = 2 AND status = 2`);

    // One bind record per bound terminal, at its binding time.
    await tx.execute(sql`
      WITH ops AS (
        INSERT INTO terminal_operations (type, status, operator_id, from_agent_id, to_agent_id, merchant_id, top_id,
          count, first_sn, last_sn, created_at, decided_at)
        SELECT 3, 1, holder_agent_id, holder_agent_id, holder_agent_id, merchant_id, top_id, 1, sn, sn, bound_at, bound_at
        FROM terminals WHERE merchant_id IS NOT NULL ORDER BY bound_at, sn
        RETURNING id, first_sn)
      INSERT INTO terminal_operation_items (operation_id, terminal_id, sn)
      SELECT ops.id, t.id, t.sn FROM ops JOIN terminals t ON t.sn = ops.first_sn`);

    // The demo's merchants and activations were written as base rows, outside the use cases that
    // count them: their figures are computed from those rows, never written.
    await rebuildRollups(db, tx);
  });
}
