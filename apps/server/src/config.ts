import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, two levels above apps/server/src. */
export const REPO_ROOT = path.resolve(here, '../../..');

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when empty the embedded PGlite database is used. */
  databaseUrl: string;
  /** Folder of the embedded database; 'memory://' keeps it in memory. */
  dataDir: string;
  captchaEnabled: boolean;
  /** Secret for JWTs; when empty one is generated once and kept in the database. */
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** Key for encrypting ID and bank card numbers at rest (any string; hashed to 32 bytes). */
  dataKey: string;
  /** Load demo data into an empty database at start-up. */
  seedDemo: boolean;
  /** Folder holding the built web app; served when present. */
  webDist: string;
  logLevel: string;
  /** Slow hash cost (scrypt N); lowered only by the test suite to keep it quick. */
  scryptCost: number;
  /**
   * Serve GET /prod-api/api/dev/sms/outbox, which reads the built-in simulated SMS gateway (the
   * sms_outbox table) so development and end-to-end tests can see the codes "sent". It hands a
   * code to anyone who asks, so switch it off (SMS_OUTBOX_API=false) wherever real people sign up.
   */
  smsOutboxApi: boolean;
}

const bool = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : !['0', 'false', 'off', 'no'].includes(v.toLowerCase());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? '',
    dataDir: env.PGLITE_DATA_DIR ?? path.join(REPO_ROOT, '.data/pglite'),
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    jwtSecret: env.JWT_SECRET ?? '',
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 7 * 24 * 3600),
    dataKey: env.DATA_KEY ?? 'pos-agent-demo-data-key-change-me',
    seedDemo: bool(env.SEED_DEMO, true),
    webDist: env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    scryptCost: Number(env.SCRYPT_COST ?? 16384),
    smsOutboxApi: bool(env.SMS_OUTBOX_API, true),
  };
}
