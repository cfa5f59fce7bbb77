import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

const ZOD_NAMESPACE_IMPORT = {
  // `import { z }` hands bundlers zod's whole namespace object: every schema type, JSON-schema code and
  // all locales land in each Lambda and in the login page (~350 KB minified); `import * as z` shakes.
  selector: "ImportDeclaration[source.value='zod'][importKind='value'] > ImportSpecifier[imported.name='z']",
  message: "Use `import * as z from 'zod'` so bundlers can drop the parts of zod a module does not use.",
};

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
      'no-restricted-syntax': ['error', ZOD_NAMESPACE_IMPORT],
    },
  },
  {
    // Server code imports the catalogue's sections (contactsPtBR, ...), never the whole ptBR object: a Lambda then
    // bundles only the strings it reads (about 60-90 KB less per handler).
    files: ['functions/src/**/*.ts', 'shared/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'shared/src/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@atende/shared/i18n/pt-BR',
              importNames: ['ptBR'],
              message: 'Import the sections you read (e.g. contactsPtBR), not the whole catalogue.',
            },
          ],
          patterns: [
            {
              group: ['**/i18n/pt-BR.ts', '**/i18n/pt-BR'],
              importNames: ['ptBR'],
              message: 'Import the sections you read (e.g. contactsPtBR), not the whole catalogue.',
            },
          ],
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
  {
    // Every user-visible text comes from the pt-BR catalogue (spec; issue 20 item 8): JSX text, and the
    // attributes people read or hear (placeholder, title, aria-label, ...), may not be literal words. Allowed:
    // symbols and numbers, URLs, the brand's name, and technical examples (a model id, `limit=20`).
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        { mode: 'jsx-text-only', words: { exclude: ['[^A-Za-z]*', 'Atende'] } },
      ],
      'no-restricted-syntax': [
        'error',
        ZOD_NAMESPACE_IMPORT,
        {
          selector:
            'JSXAttribute[name.name=/^(placeholder|title|aria-label|alt|label|okText|cancelText|tooltip)$/] > ' +
            'Literal[value=/[A-Za-zÀ-ÿ]{2,}/]:not([value=/^(https?:|Atende$|[\\w.=-]*\\d[\\w.=-]*$)/])',
          message: 'User-visible text comes from the pt-BR catalogue (shared/src/i18n or web/src/lib/i18n).',
        },
        {
          selector:
            "CallExpression[callee.object.name='message'][callee.property.name=/^(success|error|info|warning|loading)$/]" +
            ' > Literal[value=/[A-Za-zÀ-ÿ]{2,}/]',
          message: 'Toasts say texts of the pt-BR catalogue.',
        },
      ],
    },
  },
  prettier,
);
