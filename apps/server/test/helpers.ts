import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { DEMO_ACCOUNTS, seedDemo } from '../src/db/seed';
import { withDb } from './global-setup';

export { DEMO_ACCOUNTS };

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  demo: Awaited<ReturnType<typeof seedDemo>>;
}

/**
 * A fresh database (a copy of the migrated template on PostgreSQL, or a new PGlite), the demo
 * data and the app built on it, closed after the file. Captcha is off unless a test turns it on.
 */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const testDb = JSON.parse(inject('testDb')) as
    { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string; template: string };
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (testDb.kind === 'postgres') {
    const name = `${testDb.template}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDb.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${testDb.template}`);
    await admin.end();
    database = await openDatabase({ databaseUrl: withDb(testDb.adminUrl, name) });
    drop = async () => {
      const a = new pg.Client({ connectionString: testDb.adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database);
  }
  const config: Config = {
    ...loadConfig({}),
    captchaEnabled: false,
    jwtSecret: 'test-secret-test-secret-test-secret',
    scryptCost: 1024,
    webDist: '/nonexistent',
    ...overrides,
  };
  const demo = await seedDemo(database.db, { scryptCost: config.scryptCost });
  const app = await buildApp({ database, config, logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop?.();
  });
  return { app, database, config, demo };
}

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/**
 * Waits past midnight in Asia/Shanghai (the product's day and month boundary) when it is less
 * than withinMs away, so a test that writes today's figures and reads them back sees one day.
 */
export async function clearOfShanghaiMidnight(withinMs = 10_000) {
  const left = DAY_MS - ((Date.now() + SHANGHAI_OFFSET_MS) % DAY_MS);
  if (left < withinMs) await new Promise((r) => setTimeout(r, left + 500));
}

/** Signs in through the real login call and returns the bearer token. */
export async function loginAs(app: FastifyInstance, mobile: string, password = 'demo123') {
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/login/app',
    payload: { username: mobile, password },
  });
  const body = res.json() as { code: number; token?: string; msg: string };
  if (body.code !== 200 || !body.token) throw new Error(`login ${mobile} failed: ${body.msg}`);
  return body.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Calls the agent API as a signed-in agent and answers the envelope. */
export async function agentCall<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url: `/prod-api${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  return res.json() as { code: number; msg: string; field?: string; data: T };
}

/**
 * Sets an agent's pay password through the app's own flow: an SMS code (read from the simulated
 * gateway's outbox, so the context needs smsOutboxApi) and the set call.
 */
export async function setPayPassword(
  app: FastifyInstance,
  token: string,
  mobile: string,
  payPassword: string,
) {
  await agentCall(app, token, 'GET', '/api/ag/my/center/sendSMS?scene=payPwd');
  const sms = await app.inject({
    method: 'GET',
    url: `/prod-api/api/dev/sms/outbox?mobile=${mobile}`,
  });
  const set = await agentCall(app, token, 'POST', '/api/ag/my/center/payPwd/set', {
    smsCode: sms.json().data.code,
    payPassword,
    confirmPassword: payPassword,
  });
  if (set.code !== 200) throw new Error(`setting the pay password failed: ${set.msg}`);
}
