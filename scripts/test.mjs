// The whole suite, as `npm test` runs it: format, lint and type-check, unit and API tests
// (core, server on PostgreSQL when it answers with a PGlite leg, web components), then a
// production build and the end-to-end journeys in Chromium. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const out = mkdtempSync(path.join(tmpdir(), 'pos-test-'));
const vitestJson = path.join(out, 'vitest.json');
const e2eJson = path.join(out, 'e2e.json');
const consoleJson = path.join(out, 'console-e2e.json');
const skipE2E = process.argv.includes('--no-e2e');

const steps = [
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  [
    'unit and API tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  ],
  ['PGlite leg', 'npx', ['vitest', 'run', '--project', 'server', 'test/pglite.test.ts']],
  ['build', 'npm', ['run', '--silent', 'build']],
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
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
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
