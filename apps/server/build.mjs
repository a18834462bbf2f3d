// Compiles the server once into dist/main.js, so production starts plain JavaScript instead of
// compiling TypeScript at every start. The shared core package (TypeScript sources) is bundled
// in; every other package stays a runtime import from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = (p) => JSON.parse(readFileSync(new URL(p, import.meta.url), 'utf8'));
const server = pkg('./package.json');
const core = pkg('../../packages/core/package.json');
const external = [
  ...Object.keys(server.dependencies ?? {}),
  ...Object.keys(core.dependencies ?? {}),
].filter((name) => name !== '@pos/core');

const started = performance.now();
// The server, and the operator commands beside it (src/cli.ts: bootstrap-admin), for the image too.
for (const name of ['main', 'cli']) {
  await build({
    entryPoints: [`src/${name}.ts`],
    outfile: `dist/${name}.js`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: external.flatMap((dep) => [dep, `${dep}/*`]),
    logLevel: 'warning',
  });
}
console.log(
  `server compiled to apps/server/dist/main.js and cli.js in ${Math.round(performance.now() - started)} ms`,
);
