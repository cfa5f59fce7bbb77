import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '.data/**', '**/.e2e-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'no-restricted-syntax': [
        'error',
        {
          // `import { z }` hands bundlers zod's whole namespace object: every schema type, JSON-schema code and
          // all locales land in each Lambda and in the login page (~350 KB minified); `import * as z` shakes.
          selector:
            "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z']",
          message:
            "Use `import * as z from 'zod'` so bundlers can drop the parts of zod a module does not use.",
        },
      ],
    },
  },
  {
    files: ['web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/*/**', '!./**'], message: 'A feature never imports another feature.' },
          ],
        },
      ],
    },
  },
  prettier,
);
