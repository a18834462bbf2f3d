import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { bearer, createTestContext, DEMO_ACCOUNTS } from './helpers';
import { ShardAuditor, startCapture, type Audit } from './shard-audit';

/**
 * Decision 020's query audit: every SQL statement the agent app's API sends, while the demo
 * agents call every agent route (each GET of the OpenAPI document, and the writes below), is
 * routed to the shard of one tree. For each occurrence of a large table (sharding-tables.ts:
 * CARRYING and ONE_JOIN) in each statement, at every level (subqueries, CTEs, the target of an
 * INSERT, UPDATE or DELETE), one of these must hold:
 *
 * - top_id = a value (a bound parameter or a constant), or = the top_id of an occurrence that is
 *   itself routed (a co-located join), in the WHERE clause or in the ON clause of a join that
 *   filters it (an inner join's, or an outer join's nullable side); an OR or a top_id = ANY(...)
 *   does not count;
 * - a path prefix on its materialised path (path, agent_path, holder_path, child_path), whose
 *   first segment is the top agent: both bounds of a range (>= and <, or ~>=~ and ~<~) or a
 *   LIKE, on values (the caller's path) or on the path of a routed occurrence (a subtree of a row
 *   of the tree); ops.sharding.test.ts checks that every path copy starts with its row's top_id;
 * - for a one-join table: its join column = the parent's column on a routed occurrence of the
 *   parent (terminal_operation_items.operation_id = terminal_operations.id, ...);
 * - an INSERT writes the key: top_id into a carrying table, the join column into a one-join one.
 *
 * Anything else is listed in ALLOWED below with its reason, or the test fails naming the route,
 * the table and the statement. Routes that are not the agent app's (the acquirer's and the
 * payment gateway's callbacks, development helpers, the console's /admin) are left out.
 */

const ctx = await createTestContext({ smsOutboxApi: true, acquirerSimDelayMs: 3_600_000 });
const { app, demo } = ctx;
const db = ctx.database.db;

/** Not the agent app's: server-to-server callbacks, development helpers, documents. */
const NOT_AGENT_APP = [
  /^\/admin\//, // the operators' console (decision 011)
  /^\/api\/notify\/transaction$/, // the acquirer's notifications: routed by SN (decision 020)
  /^\/api\/acquirer\/callback$/, // the acquirer's answers to a change request
  /^\/api\/pay\/notify$/, // the payment gateway's callbacks
  /^\/api\/dev\//, // the simulated SMS gateway's outbox
  /^\/api\/(ag\/)?admin\//, // the platform's views for operators, refused to agents
  /^\/docs/,
];

/**
 * Occurrences allowed although no predicate routes them, each group with its reason. An entry is
 * a table and a piece of "<METHOD> <route>: <statement>": a piece of SQL, or a route ("GET
 * /api/mall/wallet:") for every statement of that route on that table. An entry that matches
 * nothing any more fails the test, so the list only shrinks as statements gain top_id.
 */
const ALLOWED: { reason: string; entries: [table: string, piece: string][] }[] = [
  {
    reason:
      "Looked up by a key that is unique across every tree, before the caller's tree is known: " +
      'the session of a bearer token (its id), sign-in and its failed-login counter (the mobile, ' +
      'then that agent), the public SMS (the mobile) and an invitation code. Decision 020 answers ' +
      'them from the global directory (mobile, invitation code, session -> top_id), then the shard.',
    entries: [
      ['sessions', 'from "sessions" inner join "agents" on "agents"."id" = "sessions"."agent_id"'],
      ['agents', 'from "sessions" inner join "agents" on "agents"."id" = "sessions"."agent_id"'],
      ['agents', 'POST /login/app:'],
      ['agents', 'GET /api/ag/my/center/sendSMS2:'],
      ['agents', 'GET /api/ag/invitation/inviter:'],
      ['sessions', 'POST /api/logout:'],
    ],
  },
  {
    reason:
      "After a buyer's cancellation the route sweeps the pending gateway refunds of every tree at " +
      "once (refundPendingPayments, the refund job's own work), so the buyer's money starts back " +
      'without waiting for the job. Sharded, each shard runs that sweep over its own payments.',
    entries: [['mall_payments', 'POST /api/mall/order/cancel:']],
  },
  {
    reason:
      "A mall product's stock is the platform's own unallocated terminals of its model (in no " +
      'tree: holder_path is empty) less what open orders of every tree hold of it, so the shop ' +
      'never sells a unit twice. Sharded, the platform stock lives with the platform directory and ' +
      'each order reserves its units there (decision 020).',
    entries: [
      ['terminals', 'GET /api/mall/products:'],
      ['mall_order_items', 'GET /api/mall/products:'],
      ['mall_orders', 'GET /api/mall/products:'],
      ['terminals', 'GET /api/mall/product:'],
      ['mall_order_items', 'GET /api/mall/product:'],
      ['mall_orders', 'GET /api/mall/product:'],
      ['terminals', 'POST /api/mall/order/quote:'],
      ['mall_order_items', 'POST /api/mall/order/quote:'],
      ['mall_orders', 'POST /api/mall/order/quote:'],
      ['terminals', 'POST /api/mall/order/create:'],
      ['mall_order_items', 'POST /api/mall/order/create:'],
      ['mall_orders', 'POST /api/mall/order/create:'],
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// The demo data the calls name
// ---------------------------------------------------------------------------------------------

const one = async (query: string) =>
  (await rows<Record<string, unknown>>(db, sql.raw(query)))[0] ?? {};
const top = demo.top.id;
const child = demo.child.id;
const merchant = await one(`SELECT id FROM merchants WHERE agent_id = ${top} ORDER BY id LIMIT 1`);
const terminal = await one(
  `SELECT id, sn FROM terminals WHERE merchant_id = ${Number(merchant.id)} ORDER BY id LIMIT 1`,
);
const stock = await one(
  `SELECT sn FROM terminals WHERE holder_agent_id = ${top} AND merchant_id IS NULL
      AND pending_operation_id IS NULL AND deleted_at IS NULL ORDER BY id LIMIT 1`,
);
const childPolicy = await one(
  `SELECT policy_id FROM agent_policies WHERE agent_id = ${child} ORDER BY id LIMIT 1`,
);
const operation = await one(`SELECT id FROM terminal_operations WHERE from_agent_id = ${top}`);
const feeChange = await one(`SELECT id FROM fee_changes WHERE top_id = ${top} ORDER BY id`);
const rateChange = await one(`SELECT id FROM rate_changes WHERE top_id = ${top} ORDER BY id`);
const earning = await one(
  `SELECT id FROM ledger_lines WHERE agent_id = ${top} AND txn_id IS NOT NULL ORDER BY id LIMIT 1`,
);
const trade = await one(`SELECT id FROM transactions WHERE agent_id = ${top} ORDER BY id LIMIT 1`);
const withdrawal = await one(`SELECT id FROM withdrawals WHERE agent_id = ${top} ORDER BY id`);
const product = await one(`SELECT id FROM mall_products WHERE on_sale ORDER BY id LIMIT 1`);
const address = await one(`SELECT id FROM mall_addresses WHERE agent_id = ${top}`);
const brand = await one(`SELECT id FROM brands ORDER BY id LIMIT 1`);
const month = new Date().toISOString().slice(0, 7);
const today = new Date().toISOString().slice(0, 10);

/** Query parameters by name, and where a route needs its own. */
const PARAMS: Record<string, string | number> = {
  id: child,
  agentId: child,
  holderAgentId: child,
  parentId: top,
  childId: child,
  policyId: Number(childPolicy.policy_id),
  merchantId: Number(merchant.id),
  brandId: Number(brand.id),
  sn: String(terminal.sn),
  month,
  from: `${month}-01`,
  to: today,
  walletType: 'profit',
  amountFen: 100,
  scene: 'payPwd',
  key: 'faq',
  type: 1,
  kind: 1,
  inviteCode: DEMO_ACCOUNTS.top.inviteCode,
  mobile: DEMO_ACCOUNTS.top.mobile,
};
const ROUTE_PARAMS: Record<string, Record<string, string | number>> = {
  '/api/term-info/info': { id: Number(terminal.id) },
  '/api/term-info/operation': { id: Number(operation.id) },
  '/api/term-info/credit/list': { role: 'buyer' },
  '/api/mall/product': { id: Number(product.id) },
  '/api/merchant/info': { id: Number(merchant.id) },
  '/api/ag/home/banner/detail': { id: 1 },
  '/api/ag/home/notice/detail': { id: 1 },
  '/api/ag/rate/change/info': { id: Number(rateChange.id) },
  '/api/ag/fee/change/info': { id: Number(feeChange.id) },
  '/api/ag/agent/wallet/earning': { id: Number(earning.id) },
  '/api/ag/agent/trade/detail': { id: Number(trade.id) },
  '/api/ag/agent/withdraw/info': { id: Number(withdrawal.id) },
  '/api/agent-rate/info/{id}': { id: Number(childPolicy.policy_id) },
  '/api/ag/system/config/configKey/{key}': { key: 'sys.service.phone' },
  '/api/ag/my/center/sendSMS2': { scene: 'resetPwd' },
  '/system/dict/data/type/{type}': { type: 'pay_type' },
  '/app/api/check/app/update': { version: '1.0.0' },
  '/api/ag/my/center/settlement/cardBin': { cardNo: '6222021234567890123' },
};

/** GET routes that answer something other than 200 with the demo data, and why. */
const NOT_200: Record<string, string> = {
  '/app/api/bundle/{id}': 'no hot-update bundle is published in the demo data',
  '/files/{id}/{sha256}': 'no file is published in the demo data',
  '/api/merchant/file': 'no merchant file is uploaded in the demo data',
  '/api/ag/message/detail': 'no message is published in the demo data',
  '/api/ag/export/detail': 'no export is asked for in the demo data (one is by the writes)',
  '/api/ag/export/download': 'no export is asked for in the demo data (one is by the writes)',
  '/api/term-info/credit/info': 'no terminals are sold on credit in the demo data',
  '/api/ag/ticket/detail': 'no agent has opened a support ticket in the demo data',
  '/api/ag/ticket/image': 'no agent has uploaded a ticket image in the demo data',
  '/app/api/scan/terminal': "the merchant's scan token is another sign-in",
  '/api/mall/order': 'no agent has a mall order yet (one is made by the writes)',
  '/api/ag/my/center/settle/sendSMS': 'one SMS a minute to a mobile: sendSMS has just sent one',
};

interface Op {
  parameters?: { name: string; in: string; required?: boolean }[];
}

function urlOf(route: string, op: Op) {
  const own = ROUTE_PARAMS[route] ?? {};
  const value = (name: string) => own[name] ?? PARAMS[name] ?? 1;
  let url = route.replace(/\{(\w+)\}/g, (_, name: string) => String(value(name)));
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in === 'query' && (p.required || p.name in own || p.name in PARAMS))
      query.set(p.name, String(value(p.name)));
  }
  if ([...query].length) url += `?${query}`;
  return url;
}

// ---------------------------------------------------------------------------------------------
// The run: sign in, every GET as three agents of one tree, then the writes
// ---------------------------------------------------------------------------------------------

const recorder = startCapture();
const auditor = await ShardAuditor.open(ctx.database);
afterAll(async () => {
  recorder.stop();
  await auditor.close();
});

const call = (label: string, method: 'GET' | 'POST', url: string, token?: string, body?: object) =>
  recorder.during(label, () =>
    app.inject({
      method,
      url: `/prod-api${url}`,
      headers: token ? bearer(token) : {},
      ...(body ? { payload: body } : {}),
    }),
  );

async function signIn(mobile: string) {
  const res = await call('POST /login/app', 'POST', '/login/app', undefined, {
    username: mobile,
    password: 'demo123',
  });
  return (res.json() as { token: string }).token;
}

const doc = app.swagger() as { paths: Record<string, Record<string, Op>> };
const agentRoutes = Object.entries(doc.paths)
  .map(([path, ops]) => [path.replace(/^\/prod-api/, ''), ops] as const)
  .filter(([path]) => !NOT_AGENT_APP.some((re) => re.test(path)));
const getRoutes = agentRoutes.flatMap(([path, ops]) => (ops.get ? [[path, ops.get] as const] : []));

const answers = new Map<string, number>();
const tokens = {
  top: await signIn(DEMO_ACCOUNTS.top.mobile),
  child: await signIn(DEMO_ACCOUNTS.child.mobile),
  grandchild: await signIn(DEMO_ACCOUNTS.grandchild.mobile),
};
// Each route as the top agent, a middle one and a leaf; a route counts as answered when one of
// them got 200.
for (const token of Object.values(tokens)) {
  for (const [route, op] of getRoutes) {
    const res = await call(`GET ${route}`, 'GET', urlOf(route, op), token);
    // A file (a merchant's licence image) answers with its bytes, not the envelope.
    const json = String(res.headers['content-type'] ?? '').includes('application/json');
    const code = json ? ((res.json() as { code?: number }).code ?? res.statusCode) : res.statusCode;
    if (answers.get(route) !== 200) answers.set(route, code);
  }
}

/** The writes: what an agent does most, each as the app sends it. */
const posts: [route: string, body: object | undefined][] = [
  ['/api/term-info/preview', { type: 0, toAgentId: child, sns: [stock.sn] }],
  ['/api/term-info/operate', { type: 0, toAgentId: child, sns: [stock.sn] }],
  [
    '/api/ag/price-share/set',
    { childId: child, policyId: Number(childPolicy.policy_id), passPpm: 0 },
  ],
  [
    '/api/mall/address/save',
    {
      name: '张总',
      mobile: DEMO_ACCOUNTS.top.mobile,
      province: '福建省',
      city: '厦门市',
      district: '思明区',
      detail: '示范路1号',
    },
  ],
  [
    '/api/mall/order/quote',
    { items: [{ productId: Number(product.id), quantity: 1 }], shippingWay: 4, payType: 4 },
  ],
  [
    '/api/mall/order/create',
    {
      items: [{ productId: Number(product.id), quantity: 1 }],
      addressId: Number(address.id),
      shippingWay: 4,
      payType: 4,
    },
  ],
  ['/api/ag/ticket/create', { type: 1, description: '终端无法开机，请协助处理' }],
  ['/api/ag/export/create', { kind: 'terminals' }],
  ['/api/logout', undefined],
];
const postAnswers = new Map<string, number>();
for (const [route, body] of posts) {
  const res = await call(`POST ${route}`, 'POST', route, tokens.top, body);
  postAnswers.set(route, (res.json() as { code?: number }).code ?? res.statusCode);
}
// The order just made, cancelled: an UPDATE of the caller's own order and its stock.
const [order] = await rows<{ id: unknown }>(
  db,
  sql`SELECT id FROM mall_orders WHERE agent_id = ${top} ORDER BY id DESC LIMIT 1`,
);
const again = await signIn(DEMO_ACCOUNTS.top.mobile);
const cancel = await call('POST /api/mall/order/cancel', 'POST', '/api/mall/order/cancel', again, {
  id: Number(order?.id),
});
postAnswers.set('/api/mall/order/cancel', (cancel.json() as { code: number }).code);

// ---------------------------------------------------------------------------------------------
// The verdicts
// ---------------------------------------------------------------------------------------------

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const verdicts = new Map<string, Audit | null | Error>();
for (const { text } of recorder.statements) {
  if (verdicts.has(text)) continue;
  try {
    verdicts.set(text, await auditor.audit(text));
  } catch (err) {
    verdicts.set(text, err as Error);
  }
}

describe('the agent app sends every statement on a large table to one tree', () => {
  it('exercised every agent GET route, and the writes', () => {
    expect(getRoutes.length).toBeGreaterThan(80);
    const unexpected = [...answers]
      .filter(([route, code]) => code !== 200 && !(route in NOT_200))
      .map(([route, code]) => `${route}: ${code}`);
    expect(unexpected).toEqual([]);
    for (const route of Object.keys(NOT_200)) expect(answers.has(route), route).toBe(true);
    expect(Object.fromEntries(postAnswers)).toEqual(
      Object.fromEntries([...postAnswers.keys()].map((k) => [k, 200])),
    );
    expect(recorder.statements.length).toBeGreaterThan(500);
  });

  it('analyses every statement, and the others are transaction control', () => {
    const failed = [...verdicts]
      .filter(([, v]) => v instanceof Error)
      .map(([text, v]) => `${(v as Error).message}: ${squash(text).slice(0, 200)}`);
    expect(failed).toEqual([]);
    const other = [...verdicts]
      .filter(([, v]) => v === null)
      .map(([text]) => squash(text))
      .filter((t) => !/^(begin|commit|rollback|savepoint|release)\b/i.test(t));
    expect(other).toEqual([]);
  });

  it('routes each statement by top_id, a path prefix or one join, or allows it for a reason', () => {
    const used = new Set<string>();
    const problems = new Set<string>();
    for (const { label, text } of recorder.statements) {
      const verdict = verdicts.get(text);
      if (!verdict || verdict instanceof Error) continue;
      const flat = squash(text);
      for (const u of verdict.unrouted) {
        const allowed = ALLOWED.flatMap((g) => g.entries).find(
          ([table, piece]) => table === u.table && `${label}: ${flat}`.includes(piece),
        );
        if (allowed) used.add(allowed.join(' '));
        else
          problems.add(
            `${label}: ${u.command} on ${u.table} (as ${u.alias}) is not routed by top_id\n    ${flat}`,
          );
      }
    }
    expect([...problems].join('\n')).toBe('');
    const stale = ALLOWED.flatMap((g) => g.entries)
      .map((s) => s.join(' '))
      .filter((s) => !used.has(s));
    expect(stale, 'allowed statements that no longer run unrouted').toEqual([]);
  });
});
