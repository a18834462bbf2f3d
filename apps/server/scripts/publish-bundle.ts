// Signs a hot update (app version type 'wgt') on the release machine: zips a built web bundle (or
// takes a zip), signs its version and SHA-256 with the platform's Ed25519 private key, and writes
// the bundle and its signature. An operator uploads both in the console (内容 → 应用版本); the
// server verifies the signature with its public key and a second operator approves publishing.
// The server never holds the private key.
//
//   npm run app:publish -- --dir apps/web/dist-native --version 1.1.3 [--out dist-hot-update] \
//     [--key-file hot-update.pem]
//
// The key comes from --key-file, else from HOT_UPDATE_SIGNING_KEY in this machine's environment
// (PEM), else the demo key (a warning says so; a production server refuses its bundles).
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';
import { DEMO_HOT_UPDATE_SIGNING_KEY, publicKeyOf, signHotUpdate } from './hot-update-signing';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    file: { type: 'string' },
    version: { type: 'string' },
    out: { type: 'string', default: 'dist-hot-update' },
    'key-file': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (values.help || (!values.dir && !values.file) || !values.version) {
  fail(
    'Usage: npm run app:publish -- (--dir <built web folder> | --file <bundle.zip>) --version x.y.z\n' +
      '  [--out <folder for the bundle and its signature>] [--key-file <Ed25519 private key, PEM>]\n' +
      'The key is --key-file, else HOT_UPDATE_SIGNING_KEY (PEM) in the environment, else the demo key.',
  );
}
if (!/^\d+\.\d+\.\d+$/.test(values.version)) fail('Refused (version): 版本号格式错误，如 1.2.0');

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

let keyPem = process.env.HOT_UPDATE_SIGNING_KEY ?? '';
if (values['key-file']) keyPem = readFileSync(values['key-file'], 'utf8');
if (!keyPem) {
  keyPem = DEMO_HOT_UPDATE_SIGNING_KEY;
  console.error(
    'Warning: signing with the DEMO key (its private half is public); only a demo server and apps built with the demo public key accept this bundle.',
  );
}

const bytes = values.file
  ? readFileSync(values.file)
  : Buffer.from(zipSync(filesOf(path.resolve(values.dir!)), { level: 9 }));
if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) fail('Refused (bundle): 更新包须为zip文件');

let signed: { sha256: string; signature: string };
let publicKey: string;
try {
  signed = await signHotUpdate(bytes, values.version, keyPem);
  publicKey = publicKeyOf(keyPem);
} catch (err) {
  fail(`Refused (key): ${(err as Error).message}`);
}

const out = path.resolve(values.out!);
mkdirSync(out, { recursive: true });
const bundle = path.join(out, `pos-hot-update-${values.version}.zip`);
const signatureFile = `${bundle}.sig`;
writeFileSync(bundle, bytes);
writeFileSync(signatureFile, `${signed.signature}\n`);
console.log(
  JSON.stringify(
    {
      version: values.version,
      sha256: signed.sha256,
      signature: signed.signature,
      size: bytes.length,
      publicKey,
      bundle,
      signatureFile,
    },
    null,
    2,
  ),
);
