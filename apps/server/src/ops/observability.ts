import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { rows } from '../db/client';
import { decode, selectOne } from '../db/typed';
import { fromThisMachine } from '../lib/this-machine';
import { ledgerHealth, type LedgerHealth } from '../modules/ledger/ledger-health';

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

export interface Ops {
  registry: Registry;
  /** Set when the process is shutting down: readiness fails so the balancer stops sending. */
  draining: boolean;
  /**
   * One tick of a periodic job: 'ran' when this process claimed the due period and did it,
   * 'skipped' when it did not claim it (held or done elsewhere, or nothing due), 'failed'.
   */
  jobRun(job: string, outcome: 'ran' | 'skipped' | 'failed', seconds: number): void;
}

/** The full ledger check scans every line, so a scrape reuses one this recent. */
export const LEDGER_CHECK_EVERY_MS = 5 * 60_000;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A caller's (or balancer's) X-Request-Id when it is a sane token, else a new UUID. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }) {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/**
 * Health, readiness and Prometheus metrics, outside the API prefix where balancers and scrapers
 * look for them, and the request id echoed on every answer so a caller can quote it.
 */
export function registerObservability(app: FastifyInstance, metricsToken: string) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route and status, and how long they took',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Periodic job ticks by job and outcome: ran (claimed and done here), skipped (not claimed: held or done by another process, or nothing due), failed',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'How long each periodic job run took (ran or failed; skipped ticks are not timed)',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  // Read from the database at each scrape, so every process reports the same shared truth.
  const gauge = (name: string, help: string, read: () => Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
  /** One number: `value` over the rest of the statement (0 when it reads nothing). */
  const one = async (value: SQL, rest: SQL) =>
    (await selectOne(app.db, { v: value.mapWith(decode.number) }, rest))?.v ?? 0;
  gauge('settlement_queue_depth', 'Transactions waiting for settlement', () =>
    one(sql`count(*)`, sql`FROM settlement_queue`),
  );
  gauge('settlement_lag_seconds', 'Age of the oldest transaction due for settlement', () =>
    one(
      sql`coalesce(extract(epoch FROM now() - min(trade_time)), 0)`,
      sql`FROM settlement_queue WHERE not_before <= now()`,
    ),
  );
  gauge('ledger_global_sum_fen', "Sum of every ledger account's balance (always 0)", () =>
    one(sql`coalesce(sum(balance_fen), 0)`, sql`FROM ledger_accounts`),
  );
  gauge('ledger_negative_agent_accounts', 'Agent wallets below zero (always 0)', () =>
    one(sql`count(*)`, sql`FROM ledger_accounts WHERE kind = 'agent' AND balance_fen < 0`),
  );
  gauge('job_runs_failed', 'Job periods whose last run failed', () =>
    one(sql`count(*)`, sql`FROM job_runs WHERE status = -1`),
  );
  // The rest of the ledger's invariants need a scan of every line: checked at most once per
  // LEDGER_CHECK_EVERY_MS per process, concurrent scrapes sharing one check.
  let checked: { at: number; health: Promise<LedgerHealth> } | undefined;
  const health = () => {
    if (!checked || Date.now() - checked.at >= LEDGER_CHECK_EVERY_MS) {
      const at = Date.now();
      const pending = ledgerHealth(app.db);
      checked = { at, health: pending };
      pending.catch(() => {
        if (checked?.health === pending) checked = undefined; // try again at the next scrape
      });
    }
    return checked.health;
  };
  gauge(
    'ledger_lines_sum_fen',
    'Sum of every ledger line ever posted (always 0)',
    async () => (await health()).linesSumFen,
  );
  gauge(
    'ledger_unbalanced_entries',
    'Ledger entries whose lines do not sum to zero (always 0)',
    async () => (await health()).unbalancedEntries,
  );
  gauge(
    'ledger_balance_mismatches',
    'Ledger accounts whose balance differs from the sum of their lines (always 0)',
    async () => (await health()).balanceMismatches,
  );
  gauge(
    'ledger_checked_timestamp_seconds',
    'When the full ledger check above last started',
    async () => {
      await health();
      return (checked?.at ?? 0) / 1000;
    },
  );

  const ops: Ops = {
    registry,
    draining: false,
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      if (outcome !== 'skipped') jobDuration.observe({ job }, seconds);
    },
  };
  app.decorate('ops', ops);

  // Callback-style: these run on every request, and an async hook costs each one a promise.
  // Every answer carries its request id. While the process shuts down every answer also closes
  // its connection: a keep-alive connection left idle after its last answer would hold the
  // closing server open until it timed out.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (ops.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: routeOf(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ code: 200, msg: 'ok' }));
  app.get('/readyz', hidden, async (_request, reply) => {
    if (ops.draining) return reply.status(503).send({ code: 503, msg: 'shutting down' });
    try {
      await rows(app.db, sql`SELECT 1`);
    } catch {
      return reply.status(503).send({ code: 503, msg: 'database unavailable' });
    }
    return { code: 200, msg: 'ready' };
  });
  // With a token, a scraper must present it; without one, only this machine may read the
  // metrics: the connection's own address is loopback and no proxy forwarded the request.
  app.get('/metrics', hidden, async (request, reply) => {
    if (metricsToken) {
      if (!tokenMatches(request.headers.authorization, `Bearer ${metricsToken}`)) {
        return reply.status(401).send({ code: 401, msg: 'metrics token required' });
      }
    } else if (!fromThisMachine(request)) {
      return reply
        .status(403)
        .send({ code: 403, msg: '未配置 METRICS_TOKEN 时监控指标只对本机开放' });
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/** The bearer token compared in constant time. */
function tokenMatches(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The route pattern (never the raw URL, which would make a label per terminal or id). */
function routeOf(request: FastifyRequest) {
  return request.routeOptions.url ?? 'unmatched';
}
