import path from 'node:path';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = path.join(import.meta.dirname, 'apps/web/src/features');

/**
 * Features never import each other; src/app composes them (CONVENTIONS.md). Resolving each relative
 * specifier against the importing file catches `../cart/…`, `../../../features/cart/…` and `import()`
 * from any depth, which path patterns in no-restricted-imports cannot.
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        "features/{{from}} must not import features/{{to}} ('{{source}}'); compose them in src/app or move the shared code to src/ui or src/lib.",
    },
    schema: [],
  },
  create(context) {
    const from = path.relative(FEATURES_DIR, context.filename).split(path.sep)[0];
    const check = (node) => {
      const source = node?.type === 'Literal' ? node.value : undefined;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(FEATURES_DIR, path.resolve(path.dirname(context.filename), source));
      const to = target.split(path.sep)[0];
      if (!to || to === '..' || path.isAbsolute(target) || to === from) return;
      context.report({ node, messageId: 'crossFeature', data: { from, to, source } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/migrations/**',
      '**/*.mjs',
      // Served as they are (boot.js is plain browser JavaScript, not part of a TypeScript project).
      'apps/web/public/**',
      '**/*.config.ts',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Decision 062: who may call a route is decided before its body is read or validated.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Property[key.name=/^(preParsing|preValidation|preHandler)$/] :matches(Identifier[name=/^require[A-Z]/], CallExpression > Identifier.callee[name=/^require[A-Z]/])',
          message: 'Auth guards run in onRequest (decision 062): before the body is parsed or validated.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['apps/web/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      // The spec gives tables explicit ARIA roles (table, rowgroup, row, cell, columnheader).
      'jsx-a11y/no-redundant-roles': ['error', { table: ['table'], thead: ['rowgroup'], tbody: ['rowgroup'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['row'], td: ['cell'], th: ['columnheader'] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**'],
    plugins: { bookshop: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'bookshop/no-cross-feature-imports': 'error' },
  },
);
