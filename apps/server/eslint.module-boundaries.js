import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A server module may import another module's use cases only (decision 040): a use case is a file
// named verb-first (list-merchants.ts, post-entry.ts); anything else in a module (scope.ts,
// *-queries.ts, rollups.ts …) is its own business. Code two modules share lives in db/ (rows,
// conversion, tree scope, shared reads and writes), lib/ (cursors, dates …), providers/ (outside
// parties' adapters) or @pos/core.
//
// The rule holds for every module. It resolves each relative import (import, export … from,
// import()) against the importing file, so a nested path (../payments/alipay/client) or a
// roundabout one (../../modules/x/y) is judged by where it lands: in another module, its file
// name must start with a use-case verb.

/** Verbs a use case's file name starts with. */
const USE_CASE_VERBS = [
  'add',
  'apply',
  'approve',
  'bind',
  'cancel',
  'change',
  'check',
  'confirm',
  'create',
  'decide',
  'deduct',
  'delete',
  'export',
  'get',
  'import',
  'ingest',
  'list',
  'login',
  'logout',
  'modify',
  'open',
  'operate',
  'pay',
  'post',
  'preview',
  'publish',
  'receive',
  'reclaim',
  'recover',
  'register',
  'reject',
  'remove',
  'reset',
  'review',
  'run',
  'save',
  'scan',
  'sell',
  'send',
  'set',
  'settle',
  'submit',
  'unbind',
  'update',
  'upload',
  'verify',
];

/** The folder of the server's modules. */
const MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', 'modules');

/** The module a file (or a module's folder) lies in, or null outside src/modules. */
function moduleOf(file) {
  const rel = path.relative(MODULES, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0];
}

/** A file name (without its extension) that starts with a use-case verb. */
export function isUseCase(name) {
  return USE_CASE_VERBS.some((verb) => name === verb || name.startsWith(`${verb}-`));
}

/** Reports an import of another module's file that is not a use case. */
export const useCasesOnly = {
  meta: {
    type: 'problem',
    docs: { description: "A module imports another module's use cases only (decision 040)." },
    messages: {
      notAUseCase:
        "'{{source}}' is {{module}}'s own business, not a use case: a module imports another module's use cases only; move what both need to db/, lib/, providers/ or @pos/core (decision 040).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = moduleOf(file);
    if (!own) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      const other = moduleOf(target);
      if (!other || other === own) return;
      const name = path.basename(target).replace(/\.[cm]?[jt]sx?$/, '');
      if (!isUseCase(name))
        context.report({
          node: source,
          messageId: 'notAUseCase',
          data: { source: source.value, module: other },
        });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default [
  {
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { 'module-boundaries': { rules: { 'use-cases-only': useCasesOnly } } },
    rules: { 'module-boundaries/use-cases-only': 'error' },
  },
];
