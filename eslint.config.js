import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import serverModuleBoundaries from './apps/server/eslint.module-boundaries.js';

const FEATURES = [
  'auth',
  'home',
  'terminals',
  'merchants',
  'policies',
  'wallet',
  'withdrawals',
  'team',
  'data',
  'mine',
  'settings',
  'support',
  'school',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-native/**',
      '**/node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '*.tmp.mjs',
      'apps/native/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Code flows one way: shared (lib, components) -> features -> app. A feature never imports
  // another feature, and shared code never imports a feature or the app shell.
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FEATURES.filter((f) => f !== feature).flatMap((other) => [
                `@/features/${other}`,
                `@/features/${other}/**`,
                `**/features/${other}/**`,
                `../${other}/**`,
                `../../${other}/**`,
                `../../../${other}/**`,
              ]),
              message:
                'A feature must not import another feature; move shared code to lib/ or components/.',
            },
            { group: ['@/app', '@/app/**'], message: 'Features must not import the app shell.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'],
              message: 'Shared code must not depend on features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  ...serverModuleBoundaries,
  {
    files: [
      '**/*.test.{ts,tsx}',
      'e2e/**/*.ts',
      'apps/server/test/**/*.ts',
      'apps/server/scripts/**/*.ts',
      'scripts/**/*.mjs',
      'apps/*/build.mjs',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'no-console': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'apps/*/build.mjs', '.ci/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
      },
    },
  },
);
