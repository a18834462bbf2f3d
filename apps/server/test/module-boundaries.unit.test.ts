import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
// @ts-expect-error: the rule is plain JavaScript beside the ESLint config, without types.
import { useCasesOnly } from '../eslint.module-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const modules = path.join(import.meta.dirname, '..', 'src', 'modules');
/** A file of the mall module, at its top or one folder down. */
const mallFile = path.join(modules, 'mall', 'pay-order.ts');
const nestedFile = path.join(modules, 'mall', 'gateway', 'notify.ts');
const dbFile = path.join(modules, '..', 'db', 'ledger-accounts.ts');

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});

const bad = (code: string, filename = mallFile) => ({
  code,
  filename,
  errors: [{ messageId: 'notAUseCase' }],
});

tester.run('module-boundaries/use-cases-only', useCasesOnly, {
  valid: [
    // Another module's use case, by name.
    { code: "import { postEntry } from '../ledger/post-entry';", filename: mallFile },
    { code: "import { listTerminals } from '../terminals/list-terminals.js';", filename: mallFile },
    // The module's own files, and what lies outside the modules.
    { code: "import { ORDER } from './order-row';", filename: mallFile },
    { code: "import { ORDER } from '../order-row';", filename: nestedFile },
    { code: "import { num } from '../../db/ledger-accounts';", filename: mallFile },
    {
      code: "import type { PaymentGateway } from '../../providers/payments/gateway';",
      filename: mallFile,
    },
    { code: "import { sql } from 'drizzle-orm';", filename: mallFile },
    // Files outside the modules are not held to it.
    { code: "import { rebuildRollups } from '../modules/stats/rollups';", filename: dbFile },
  ],
  invalid: [
    bad("import { agentBalances } from '../wallet/balances';"),
    bad("import type { Party } from '../terminals/parties';"),
    // Nested paths are judged by their last segment.
    bad("import { alipayClient } from '../identity/alipay/alipay-client';"),
    // Roundabout paths are judged by where they land.
    bad("import { x } from '../../modules/stats/rollups';"),
    bad("import { x } from '../../stats/rollups';", nestedFile),
    // A module's folder (its index) is not a use case either.
    bad("import { x } from '../stats';"),
    // Re-exports and dynamic imports too.
    bad("export { x } from '../stats/rollups';"),
    bad("export * from '../stats/rollups';"),
    bad("const m = await import('../stats/rollups');"),
  ],
});
