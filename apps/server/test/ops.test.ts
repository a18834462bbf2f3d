import { generateKeyPairSync } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, REPO_ROOT } from '../src/config';
import { tickJob, type Job } from '../src/jobs';
import { runJob } from '../src/db/job-runs';
import { configProblems } from '../src/ops/config-check';
import { createTestContext } from './helpers';

const ctx = await createTestContext();

describe('health, readiness, metrics and request ids', () => {
  it('answers health and readiness, and readiness fails while the process drains', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ code: 200, msg: 'ok' });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    ctx.app.ops.draining = true;
    const draining = await ctx.app.inject({ url: '/readyz' });
    ctx.app.ops.draining = false;
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ code: 503, msg: 'shutting down' });
  });

  it('keeps a sane X-Request-Id from the balancer and replaces anything else', async () => {
    const kept = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-42.a' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.a');
    const replaced = await ctx.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports request rates by route pattern, queue depth and ledger health', async () => {
    await ctx.app.inject({ url: '/prod-api/captchaImage' });
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/prod-api\/captchaImage",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/^settlement_queue_depth \d+$/m);
    expect(text).toMatch(/^settlement_lag_seconds [\d.]+$/m);
    expect(text).toMatch(/^ledger_global_sum_fen 0$/m);
    expect(text).toMatch(/^ledger_negative_agent_accounts 0$/m);
    expect(text).toMatch(/^ledger_lines_sum_fen 0$/m);
    expect(text).toMatch(/^ledger_unbalanced_entries 0$/m);
    expect(text).toMatch(/^ledger_balance_mismatches 0$/m);
    const checkedAt = Number(/^ledger_checked_timestamp_seconds ([\d.]+)$/m.exec(text)?.[1]);
    expect(Math.abs(checkedAt - Date.now() / 1000)).toBeLessThan(60);
  });

  it('counts job ticks by outcome: ran, skipped when not claimed, failed', async () => {
    const never = new AbortController().signal;
    const probe: Job = {
      name: 'probe',
      everyMs: 60_000,
      run: (app) =>
        runJob(app.db, 'comm_fee', 'metrics-probe', async () => ({ processed: 1, postedFen: 0 })),
    };
    const broken: Job = {
      name: 'broken',
      everyMs: 60_000,
      run: async () => {
        throw new Error('broken on purpose');
      },
    };
    expect(await tickJob(ctx.app, probe, never)).toBe('ran');
    // The period is done: this tick claims nothing and runs nothing.
    expect(await tickJob(ctx.app, probe, never)).toBe('skipped');
    expect(await tickJob(ctx.app, broken, never)).toBe('failed');
    const text = (await ctx.app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(/^job_runs_total\{job="probe",outcome="ran"\} 1$/m);
    expect(text).toMatch(/^job_runs_total\{job="probe",outcome="skipped"\} 1$/m);
    expect(text).toMatch(/^job_runs_total\{job="broken",outcome="failed"\} 1$/m);
    expect(text).not.toMatch(/^job_runs_total\{job="broken",outcome="ran"\}/m);
    // Only the runs are timed, not the ticks that skipped.
    expect(text).toMatch(/^job_duration_seconds_count\{job="probe"\} 1$/m);
    expect(text).toMatch(/^job_runs_failed 0$/m);
  });

  it('asks for the metrics token when one is configured', async () => {
    const config = { ...ctx.config, metricsToken: 'scrape-me' };
    const app = await buildApp({ database: ctx.database, config, logger: false });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const ok = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-me' },
    });
    expect(ok.statusCode).toBe(200);
    await app.close();
  });

  it('serves no API on a jobs-only process', async () => {
    const config = { ...ctx.config, serverRole: 'jobs' as const };
    const app = await buildApp({ database: ctx.database, config, logger: false });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const api = await app.inject({ url: '/prod-api/captchaImage' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404 });
    await app.close();
  });
});

/** The raw public half (base64) of an Ed25519 key of the provider's own. */
const ownPublicKey = generateKeyPairSync('ed25519')
  .publicKey.export({ type: 'spki', format: 'der' })
  .subarray(-32)
  .toString('base64');

/** A production environment with every secret of its own. */
const OWN = {
  NODE_ENV: 'production',
  DATA_KEY: 'k'.repeat(32),
  NOTIFY_SECRET: 'n'.repeat(32),
  ACQUIRER_SECRET: 'a'.repeat(32),
  PAYMENT_GATEWAY: 'disabled',
  PAYOUT: 'disabled',
  PAYMENT_GATEWAY_SECRET: 'p'.repeat(32),
  SMS_GATEWAY: 'disabled',
  IDENTITY_VERIFIER: 'disabled',
  PUSH_SERVICE: 'disabled',
  SMS_OUTBOX_API: 'false',
  SEED_DEMO: 'false',
  HOT_UPDATE_PUBLIC_KEY: ownPublicKey,
};

describe('configuration checked at start', () => {
  it('accepts the demo configuration outside production', () => {
    expect(configProblems(loadConfig({}), {})).toEqual([]);
  });

  it('names every demo secret and unsafe switch in production', () => {
    const env = { NODE_ENV: 'production' };
    const problems = configProblems(loadConfig(env), env).join('\n');
    for (const name of [
      'DATA_KEY',
      'NOTIFY_SECRET',
      'ACQUIRER_SECRET',
      'SMS_OUTBOX_API',
      'SEED_DEMO',
      'HOT_UPDATE_PUBLIC_KEY',
      'PAYMENT_GATEWAY_SECRET',
      'PAYMENT_GATEWAY=simulated',
      'SMS_GATEWAY=simulated',
    ]) {
      expect(problems).toContain(name);
    }
    expect(problems).not.toContain('JWT_SECRET');
  });

  it('accepts a production configuration with secrets of its own', () => {
    expect(configProblems(loadConfig(OWN), OWN)).toEqual([]);
  });

  it("refuses operators' sign-in without TOTP in production", () => {
    const env = { NODE_ENV: 'production', ADMIN_TOTP: 'false' };
    expect(configProblems(loadConfig(env), env).join('\n')).toContain('ADMIN_TOTP must be true');
  });

  it('refuses the placeholders of the deployment example', () => {
    const env = { ...OWN, DATA_KEY: 'change-me-data-key-at-least-16' };
    expect(configProblems(loadConfig(env), env)).toEqual([
      'DATA_KEY must be set to a secret of your own in production',
    ]);
  });

  it('refuses the demo hot-update public key, one that is not a raw Ed25519 key, and any signing key on the server', () => {
    const demo = { ...OWN, HOT_UPDATE_PUBLIC_KEY: '' };
    const [problem] = configProblems(loadConfig(demo), demo);
    expect(problem).toMatch(/^HOT_UPDATE_PUBLIC_KEY must be the public key of your own/);
    expect(problem).toContain('demo key');
    for (const key of ['change-me', Buffer.alloc(31).toString('base64')]) {
      const env = { ...OWN, HOT_UPDATE_PUBLIC_KEY: key };
      expect(configProblems(loadConfig(env), env)).toEqual([
        'HOT_UPDATE_PUBLIC_KEY must be a raw Ed25519 public key: 32 bytes in base64',
      ]);
    }
    // The server never holds the private key: the release machine signs.
    const signing = { ...OWN, HOT_UPDATE_SIGNING_KEY: '-----BEGIN PRIVATE KEY-----\n...' };
    expect(configProblems(loadConfig(signing), signing)).toEqual([
      expect.stringMatching(/^HOT_UPDATE_SIGNING_KEY must not be given to the server/),
    ]);
  });

  it('names a value that cannot work', () => {
    const env = { PORT: 'eighty', SERVER_ROLE: 'worker' };
    const problems = configProblems(loadConfig(env), env).join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('SERVER_ROLE');
  });

  it('refuses to start a production server with the demo secrets', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')],
      {
        env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('cannot start');
    expect(stderr).toContain('DATA_KEY must be set');
  });
});
