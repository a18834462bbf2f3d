import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, REPO_ROOT } from '../src/config';
import { openDatabase, rows, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import { copyEmbeddedToPostgres } from '../src/ops/copy-embedded';
import { withDb } from './global-setup';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const testDb = JSON.parse(inject('testDb')) as { kind: string; adminUrl?: string };
const admin = () => new pg.Client({ connectionString: testDb.adminUrl });

async function walletAndCounts(database: Database) {
  const config = { ...loadConfig({}), captchaEnabled: false, scryptCost: 1024, webDist: '/none' };
  const app = await buildApp({ database, config, logger: false });
  await app.ready();
  const token = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
  const wallet = (
    await app.inject({
      url: '/prod-api/api/ag/agent/wallet/showAgentWallet',
      headers: bearer(token),
    })
  ).json();
  await app.close();
  const [counts] = await rows<Record<string, string>>(
    database.db,
    sql`SELECT (SELECT count(*) FROM agents)::text AS agents, (SELECT count(*) FROM terminals)::text AS terminals,
               (SELECT count(*) FROM ledger_lines)::text AS lines`,
  );
  return { wallet, counts };
}

describe.runIf(testDb.kind === 'postgres')(
  'moving from the embedded database to PostgreSQL',
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pos-copy-'));
    const name = `pos_copy_${randomBytes(4).toString('hex')}`;
    const admin = () => new pg.Client({ connectionString: testDb.adminUrl });
    afterAll(async () => {
      const a = admin();
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
      rmSync(dir, { recursive: true, force: true });
    });

    it('copies every row, sequence and balance, verifies it, and refuses a target that is not empty', async () => {
      const source = await openDatabase({ dataDir: path.join(dir, 'pglite') });
      await migrate(source);
      await seedDemo(source.db, { scryptCost: 1024 });
      const before = await walletAndCounts(source);
      expect(Number(before.counts?.lines)).toBeGreaterThan(0);

      const a = admin();
      await a.connect();
      await a.query(`CREATE DATABASE ${name}`);
      await a.end();
      const target = await openDatabase({ databaseUrl: withDb(testDb.adminUrl!, name) });
      const report = await copyEmbeddedToPostgres(source, target);
      expect(report.tables.every((t) => t.source === t.target)).toBe(true);
      expect(report.targetLedger).toEqual(report.sourceLedger);
      expect(report.targetLedger.balanceMismatches).toBe(0);

      // The copy serves the same agent the same balances, and new rows continue the sequences.
      const after = await walletAndCounts(target);
      expect(after).toEqual(before);
      const [next] = await rows<{ id: string; max: string }>(
        target.db,
        sql`SELECT nextval(pg_get_serial_sequence('notify_log', 'id'))::text AS id,
                 (SELECT coalesce(max(id), 0) FROM notify_log)::text AS max`,
      );
      expect(BigInt(next!.id)).toBeGreaterThan(BigInt(next!.max));

      await expect(copyEmbeddedToPostgres(source, target)).rejects.toThrow(/not empty/);
      expect(await walletAndCounts(target)).toEqual(before);
      await source.close();
      await target.close();
      // A file-backed PGlite seeded with the whole demo, then copied: longer than the default
      // 30 s on a loaded 2-core machine.
    }, 120_000);
  },
);

describe.runIf(testDb.kind === 'postgres')('the restore drill', () => {
  it('dumps a live database, restores it beside it and checks the ledger, leaving nothing behind', async () => {
    const ctx = await createTestContext();
    const url = ctx.database.url;
    expect(url).toBeDefined();
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(REPO_ROOT, 'apps/server/scripts/restore-drill.ts'),
        '--url',
        url!,
      ],
      { encoding: 'utf8' },
    );
    expect(out).toContain('restore drill passed');
    expect(out).toMatch(/"globalSumFen":0/);
    const a = admin();
    await a.connect();
    const left = await a.query(`SELECT datname FROM pg_database WHERE datname LIKE '%_drill_%'`);
    await a.end();
    expect(
      left.rows.filter((r) => String(r.datname).startsWith(new URL(url!).pathname.slice(1))),
    ).toEqual([]);
  });
});
