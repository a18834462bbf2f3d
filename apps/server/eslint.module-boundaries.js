// A server module may import another module's use cases only (decision 040): a use case is a file
// named verb-first (list-merchants.ts, post-entry.ts); anything else in a module (scope.ts,
// *-queries.ts, rollups.ts …) is its own business. Code two modules share lives in db/ (rows,
// conversion, tree scope), lib/ (cursors, dates …) or @pos/core.
//
// The rule holds for the modules already clean; decision 040 lists the others and what they still
// import, and a module joins CLEAN_MODULES once it is clean.

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

export const CLEAN_MODULES = [
  'acquirer',
  'checks',
  'content',
  'exports',
  'home',
  'identity',
  'ledger',
  'location',
  'payments',
  'policies',
  'price-share',
  'push',
  'rank',
  'school',
  'sms',
  'stats',
  'support',
  'system',
  'team',
  'terminals',
  'wallet',
];

/** `../<module>/<file>` where the file's name does not start with a use-case verb. */
export const NOT_A_USE_CASE = `^\\.\\./[a-z-]+/(?!(?:${USE_CASE_VERBS.join('|')})(?:-|$))[\\w.-]+$`;

export default CLEAN_MODULES.map((module) => ({
  files: [`apps/server/src/modules/${module}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: NOT_A_USE_CASE,
            message:
              "A module imports another module's use cases only; move what both need to db/, lib/ or @pos/core (decision 040).",
          },
        ],
      },
    ],
  },
}));
