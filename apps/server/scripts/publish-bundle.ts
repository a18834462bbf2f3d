// Publishes a hot update (app version type 'wgt') through a running server, as an operator:
// zips a built web bundle (or takes a zip), uploads it, and prints the checksum and signature the
// server computed. The app versions screen of the operators' console does the same.
//
//   npm run app:publish -- --dir apps/web/dist-native --version 1.1.3 --platform android \
//     --title "体验优化" --contents "1. 收益明细加载更快" [--mandatory] [--min-version 1.1.2] \
//     [--server http://localhost:8080] [--operator 13800000000] [--password admin123]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    file: { type: 'string' },
    version: { type: 'string' },
    platform: { type: 'string', default: 'android' },
    title: { type: 'string' },
    contents: { type: 'string', default: '' },
    mandatory: { type: 'boolean', default: false },
    'min-version': { type: 'string' },
    server: { type: 'string', default: process.env.POS_SERVER ?? 'http://localhost:8080' },
    operator: { type: 'string', default: process.env.POS_OPERATOR ?? '13800000000' },
    password: { type: 'string', default: process.env.POS_OPERATOR_PASSWORD ?? 'admin123' },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (values.help || (!values.dir && !values.file) || !values.version || !values.title) {
  fail(
    'Usage: npm run app:publish -- (--dir <built web folder> | --file <bundle.zip>) --version x.y.z --title <title>\n' +
      '  [--platform android|ios|h5] [--contents <what is new>] [--mandatory] [--min-version x.y.z]\n' +
      '  [--server <url>] [--operator <mobile>] [--password <password>]',
  );
}

/** Every file under dir, by its path inside the bundle. */
function filesOf(dir: string, prefix = ''): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const inside = prefix ? `${prefix}/${name}` : name;
    if (statSync(full).isDirectory()) Object.assign(out, filesOf(full, inside));
    else out[inside] = readFileSync(full);
  }
  return out;
}

const bytes = values.file
  ? readFileSync(values.file)
  : Buffer.from(zipSync(filesOf(path.resolve(values.dir!)), { level: 9 }));

const login = await fetch(`${values.server}/prod-api/login/app`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: values.operator, password: values.password }),
});
const session = (await login.json()) as { code: number; msg: string; token?: string };
if (session.code !== 200 || !session.token) fail(`Sign-in refused: ${session.msg}`);

const res = await fetch(`${values.server}/prod-api/api/ag/admin/app/bundle`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
  body: JSON.stringify({
    version: values.version,
    platform: values.platform,
    title: values.title,
    contents: values.contents,
    mandatory: values.mandatory,
    minVersion: values['min-version'],
    bundleBase64: bytes.toString('base64'),
  }),
});
const body = (await res.json()) as { code: number; msg: string; field?: string; data?: unknown };
if (body.code !== 200) fail(`Refused${body.field ? ` (${body.field})` : ''}: ${body.msg}`);
console.log(JSON.stringify(body.data, null, 2));
