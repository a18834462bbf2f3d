// How long the compiled server takes from process start to its first answered request, on an
// existing embedded database (the restart a provider sees after a deploy). Prints each run.
// Usage: npm run bench:startup (after npm run build).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'pos-startup-')), 'pglite');
const port = 8400 + Math.floor(Math.random() * 500);

async function startOnce() {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/prod-api/captchaImage`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ms;
}

const first = await startOnce();
console.log(
  `first start (creates, migrates and seeds the database): ${(first / 1000).toFixed(2)} s`,
);
for (let i = 1; i <= 3; i++) {
  console.log(
    `restart ${i} on the existing database: ${((await startOnce()) / 1000).toFixed(2)} s`,
  );
}
rmSync(path.dirname(dataDir), { recursive: true, force: true });
