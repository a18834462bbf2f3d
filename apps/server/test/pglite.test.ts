import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { agents, notices } from '../src/db/schema';
import { DEMO_ACCOUNTS, seedDemo } from '../src/db/seed';
import { bearer, loginAs } from './helpers';

/**
 * The embedded default: PGlite persisted to a folder, as `npm start` runs it without a
 * DATABASE_URL. Whatever the other files run on, this one always uses PGlite.
 */
const root = await mkdtemp(path.join(tmpdir(), 'pos-pglite-'));
// Like `.data/pglite` on a fresh clone: neither folder exists yet.
const dataDir = path.join(root, '.data', 'pglite');
afterAll(() => rm(root, { recursive: true, force: true }));

const config: Config = {
  ...loadConfig({}),
  dataDir,
  captchaEnabled: false,
  scryptCost: 1024,
  webDist: '/nonexistent',
};

async function open() {
  const database = await openDatabase({ dataDir });
  const applied = await migrate(database);
  await seedDemo(database.db, { scryptCost: config.scryptCost });
  const app = await buildApp({ database, config, logger: false });
  await app.ready();
  return {
    database,
    app,
    applied,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

// Creating a database folder runs initdb inside WebAssembly: well over ten seconds here.
const SLOW_MS = 120_000;

describe('embedded PGlite in a folder', () => {
  const mobile = '13812347777';
  let token = '';
  let agentCount = 0;

  it('migrates, seeds and serves on a new folder', { timeout: SLOW_MS }, async () => {
    const first = await open();
    expect(first.database.kind).toBe('pglite');
    expect(first.applied).toContain('0001_foundation.sql');

    token = await loginAs(first.app, DEMO_ACCOUNTS.top.mobile);
    const info = await first.app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/my/center/info',
      headers: bearer(token),
    });
    expect(info.json().data.info).toMatchObject({
      mobile: DEMO_ACCOUNTS.top.mobile,
      levelName: 'V3',
    });

    // Register through an SMS code: the transaction and the keyset SQL run on PGlite as well.
    await first.app.inject({
      method: 'GET',
      url: `/prod-api/api/ag/my/center/sendSMS2?mobile=${mobile}`,
    });
    const sms = (
      await first.app.inject({
        method: 'GET',
        url: `/prod-api/api/dev/sms/outbox?mobile=${mobile}`,
      })
    ).json();
    const reg = await first.app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/agent/info/apiAdd',
      payload: {
        mobile,
        password: 'secret1',
        smsCode: sms.data.code,
        inviteCode: DEMO_ACCOUNTS.top.inviteCode,
      },
    });
    expect(reg.json().code).toBe(200);
    const page1 = (
      await first.app.inject({
        method: 'GET',
        url: '/prod-api/api/ag/home/notice/list?pageSize=8',
        headers: bearer(token),
      })
    ).json();
    const page2 = (
      await first.app.inject({
        method: 'GET',
        url: `/prod-api/api/ag/home/notice/list?pageSize=8&cursor=${page1.data.nextCursor}`,
        headers: bearer(token),
      })
    ).json();
    expect([...page1.data.rows, ...page2.data.rows]).toHaveLength(12);
    expect(page2.data.nextCursor).toBeNull();
    agentCount = (await first.database.db.select().from(agents)).length;
    await first.close();
  });

  it(
    'reopens the same folder with everything kept and nothing migrated twice',
    { timeout: SLOW_MS },
    async () => {
      expect(token).not.toBe('');
      const second = await open();
      // Nothing is migrated twice, and the seed adds nothing the second time.
      expect(second.applied).toEqual([]);
      expect(await migrate(second.database)).toEqual([]);
      expect((await second.database.db.select().from(agents)).length).toBe(agentCount);
      expect((await second.database.db.select().from(notices)).length).toBe(12);
      const [registered] = await second.database.db
        .select()
        .from(agents)
        .where(eq(agents.mobile, mobile));
      expect(registered).toBeTruthy();
      // The session opened before the restart is still valid (the JWT secret was kept in the folder).
      const again = await second.app.inject({
        method: 'GET',
        url: '/prod-api/getInfo',
        headers: bearer(token),
      });
      expect(again.json().code).toBe(200);
      await loginAs(second.app, mobile, 'secret1');
      await second.close();
    },
  );
});
