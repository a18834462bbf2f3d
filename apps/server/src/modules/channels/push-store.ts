import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedRows, type Db } from '../../db/client';
import { channelPushes, channelPushKeys } from '../../db/schema';
import { orNull, preparedSelect, select, selection } from '../../db/typed';

/**
 * Stores channel pushes that arrive together with one statement (and one commit) for many, as
 * NotificationBatcher does for transactions: when a statement is free a push goes at once, alone;
 * while both are busy, arrivals wait and go together. Each push is stored under its key
 * (channel, order number) unless the key is taken, in which case the answer names the push that
 * holds it and its outcome.
 */
export interface PushRow {
  channelId: number;
  code: string;
  orderNo: string;
  body: Buffer;
  headers: Record<string, string>;
  remoteIp: string;
  events: unknown;
}

export interface Stored {
  pushId: number;
  receivedAt: Date;
  existing: boolean;
  existingOutcome?: string;
}

interface Pending {
  row: PushRow;
  resolve: (s: Stored) => void;
  reject: (e: unknown) => void;
}

const keyOf = (r: PushRow) => `${r.channelId}\u0000${r.orderNo}`;

export interface Mark {
  pushId: number;
  receivedAt: Date;
  outcome: string;
  reason: string | null;
  /**
   * Whether this mark's commit must wait for the disk: true unless a write committed (and
   * flushed, synchronously) since the push was stored. The store's own commit does not wait
   * (see storeMany), so the answer to the channel waits for the first flush after it.
   */
  sync: boolean;
}

/**
 * Turns the statement's commit asynchronous (it returns before its WAL reaches the disk). Safe
 * here because PostgreSQL flushes its WAL in order: the next synchronous commit of this server
 * (the trade's own statement, or a mark or barrier that waits) makes this one durable too, and
 * no push is answered before one of those.
 */
const ASYNC_COMMIT = sql`(SELECT set_config('synchronous_commit', 'off', true) AS c)`;

export class PushStore {
  private queue: Pending[] = [];
  private running = 0;
  private marks: { mark: Mark; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private marking = 0;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 250,
    private readonly maxConcurrent = 2,
  ) {}

  store(row: PushRow): Promise<Stored> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.pump();
    });
  }

  /** Records what applying a stored push came to (many at once, like store). */
  mark(mark: Mark): Promise<void> {
    return new Promise((resolve, reject) => {
      this.marks.push({ mark, resolve, reject });
      this.pumpMarks();
    });
  }

  private pumpMarks() {
    while (this.marking < this.maxConcurrent && this.marks.length > 0) {
      const batch = this.marks.splice(0, this.maxBatch);
      this.marking += 1;
      const m = batch.map((b) => b.mark);
      // One mark that must be durable makes the whole statement wait (it is one commit).
      const wait = m.some((x) => x.sync);
      // Prepared: planning an UPDATE of the partitioned table costs about as much as running it.
      void preparedRows(
        this.db,
        wait ? 'channel-push-mark-sync-v1' : 'channel-push-mark-async-v1',
        sql`UPDATE channel_pushes p SET outcome = u.outcome, reason = u.reason, applied_at = now()
                FROM ${wait ? sql`` : sql`${ASYNC_COMMIT} AS async, `}unnest(${sql.param(m.map((x) => x.pushId))}::bigint[],
                            ${sql.param(m.map((x) => x.receivedAt.toISOString()))}::timestamptz[],
                            ${sql.param(m.map((x) => x.outcome))}::text[],
                            ${sql.param(m.map((x) => x.reason))}::text[]) AS u(id, received_at, outcome, reason)
               WHERE p.id = u.id AND p.received_at = u.received_at`,
      )
        .then(
          () => batch.forEach((b) => b.resolve()),
          (err: unknown) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          this.marking -= 1;
          this.pumpMarks();
        });
    }
  }

  /**
   * A commit that waits for the disk, and so (WAL being flushed in order) for every push stored
   * before it: for the answers that follow no write of their own.
   */
  async barrier(): Promise<void> {
    await this.db.execute(sql`SELECT pg_current_xact_id()`);
  }

  private pump() {
    while (this.running < this.maxConcurrent && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.running += 1;
      void this.flush(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async flush(batch: Pending[]) {
    try {
      const results = await storeMany(
        this.db,
        batch.map((p) => p.row),
      );
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}

const k = alias(channelPushKeys, 'k');
const pushed = alias(channelPushes, 'p');
/** The keys a list took: its pushes' ids (the CTE k of storeMany). */
const TAKEN_COLUMNS = { channelId: k.channelId, orderNo: k.orderNo, pushId: k.pushId };
const TAKEN = selection(TAKEN_COLUMNS);

/**
 * One statement for the list; then the holders of the keys already taken. Its commit does not
 * wait for the disk: a stored push is durable once any later synchronous commit is (WAL order),
 * and the pipeline answers a push only after one (the trade's statement, a waiting mark or the
 * barrier). A crash before then loses only pushes nobody was answered for: their channels retry.
 */
async function storeMany(db: Db, list: PushRow[]): Promise<Stored[]> {
  // One instant for the list (a JS Date: a key finds its push by it, to the millisecond).
  const now = new Date();
  const col = <T>(pick: (r: PushRow) => T) => sql.param(list.map(pick));
  const fresh = await preparedSelect(
    db,
    'channel-push-store-v2',
    TAKEN,
    sql`FROM k, ${ASYNC_COMMIT} AS async`,
    {
      with: sql`WITH input AS (
          SELECT * FROM unnest(${col((r) => r.channelId)}::bigint[], ${col((r) => r.code)}::text[],
                               ${col((r) => r.orderNo)}::text[], ${col((r) => r.body.toString('base64'))}::text[],
                               ${col((r) => JSON.stringify(r.headers))}::text[], ${col((r) => r.remoteIp)}::text[],
                               ${col((r) => JSON.stringify(r.events))}::text[])
                 WITH ORDINALITY AS i(channel_id, code, order_no, body, headers, remote_ip, events, ord)
        ), k AS (
          INSERT INTO channel_push_keys (channel_id, order_no, push_id, received_at)
          SELECT channel_id, order_no, nextval('channel_pushes_id_seq'), ${now}::timestamptz
            FROM input ORDER BY ord
          ON CONFLICT (channel_id, order_no) DO NOTHING
          RETURNING channel_id, order_no, push_id
        ), p AS (
          INSERT INTO channel_pushes (id, channel_id, channel_code, order_no, body, headers, remote_ip,
                                      outcome, events, received_at)
          SELECT DISTINCT ON (k.push_id) k.push_id, i.channel_id, i.code, i.order_no, decode(i.body, 'base64'),
                 i.headers::jsonb, i.remote_ip, 'received', i.events::jsonb, ${now}::timestamptz
            FROM k JOIN input i ON i.channel_id = k.channel_id AND i.order_no = k.order_no
           ORDER BY k.push_id, i.ord
          RETURNING id
        )`,
    },
  );
  const got = new Map(fresh.map((f) => [`${f.channelId}\u0000${f.orderNo}`, f]));
  const claimed = new Set<string>();
  const out: (Stored | null)[] = list.map((r) => {
    const k = keyOf(r);
    const f = got.get(k);
    if (!f || claimed.has(k)) return null;
    claimed.add(k);
    return { pushId: f.pushId, receivedAt: now, existing: false };
  });
  const missing = list.filter((_, i) => out[i] === null);
  if (missing.length > 0) {
    const held = await select(
      db,
      { ...TAKEN_COLUMNS, receivedAt: k.receivedAt, outcome: orNull(pushed.outcome) },
      sql`FROM channel_push_keys k
            LEFT JOIN channel_pushes p ON ${pushed.id} = ${k.pushId} AND ${pushed.receivedAt} = ${k.receivedAt}
           WHERE (${k.channelId}, ${k.orderNo}) IN (
             SELECT * FROM unnest(${sql.param(missing.map((r) => r.channelId))}::bigint[],
                                  ${sql.param(missing.map((r) => r.orderNo))}::text[]))`,
    );
    const byKey = new Map(held.map((h) => [`${h.channelId}\u0000${h.orderNo}`, h]));
    list.forEach((r, i) => {
      if (out[i] !== null) return;
      const h = byKey.get(keyOf(r));
      if (!h) throw new Error(`channel push key ${r.orderNo} neither stored nor found`);
      out[i] = {
        pushId: h.pushId,
        receivedAt: h.receivedAt,
        existing: true,
        // A key taken in this very list (the same push twice at once) is still being applied.
        existingOutcome: h.outcome ?? 'received',
      };
    });
  }
  return out as Stored[];
}
