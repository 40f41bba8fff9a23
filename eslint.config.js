// One lint configuration for every workspace (house-style.md, Tooling).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';

// Every folder under apps/web/src/features is a feature; a new one is covered by the boundary rule below.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The server's modules (folders under apps/server/src/modules) depend on each other one way. The graph is
// read once from the import lines of every non-test file; an import of a module that imports back, directly
// or through others, is reported where it is written.
const modulesDir = new URL('./apps/server/src/modules/', import.meta.url);
const moduleImports = new Map(
  readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const files = readdirSync(new URL(`${entry.name}/`, modulesDir), { recursive: true })
        .map(String)
        .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file));
      const targets = files.flatMap((file) =>
        [
          ...readFileSync(new URL(`${entry.name}/${file}`, modulesDir), 'utf8').matchAll(
            /from '\.\.\/([a-z-]+)\//g,
          ),
        ].map((match) => match[1]),
      );
      return [entry.name, new Set(targets.filter((target) => target !== entry.name))];
    }),
);
/** Whether `from` reaches `to` through module imports. */
function reaches(from, to, seen = new Set()) {
  if (from === to) return true;
  if (seen.has(from)) return false;
  seen.add(from);
  return [...(moduleImports.get(from) ?? [])].some((next) => reaches(next, to, seen));
}
const noModuleCycle = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = /apps[\\/]server[\\/]src[\\/]modules[\\/]([a-z-]+)[\\/]/.exec(context.filename)?.[1];
    if (!own || /\.test\.ts$/.test(context.filename)) return {};
    return {
      ImportDeclaration(node) {
        const target = /^\.\.\/([a-z-]+)\//.exec(String(node.source.value))?.[1];
        if (target && target !== own && reaches(target, own))
          context.report({
            node,
            message: `Module ${own} imports ${target}, which imports ${own} back: move what they share into one of them or a third module.`,
          });
      },
    };
  },
};

/** A file name of lower-case words joined by hyphens (house-style.md, Naming); tests and dot-suffixes allowed. */
const kebabCaseFileName = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    const name = context.filename.split(/[\\/]/).at(-1) ?? '';
    const stem = name.replace(/(\.(test|spec|d|config))?\.(ts|tsx|js|mjs)$/, '');
    return {
      Program(node) {
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem))
          context.report({ node, message: `File name "${name}" is not kebab-case.` });
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'e2e/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: 'No focused tests.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Imports flow one way: ui/lib -> features -> app, and features never import each other. Code outside
  // its own folder is imported through the @/ alias, so these patterns see every crossing.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', `!@/features/${feature}/**`],
              message: 'A feature does not import another feature; compose them in src/app.',
            },
            { group: ['@/app/**'], message: 'Features do not import from app.' },
            { group: ['../../*'], message: 'Import code outside this folder through the @/ alias.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/ui/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', '../features/**', '../app/**'],
              message: 'ui and lib are shared; they import neither features nor app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      // domain is pure: no I/O, no Node built-ins.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'pg', '@electric-sql/*', 'fastify*', 'react*'],
              message: 'domain is pure TypeScript with no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON bodies (typed any) and assert their shape; the assertions are the type check there.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // Modules depend on each other one way: a cycle means two modules that should be one, or a piece that
    // belongs in a third (house-style.md). File names are kebab-case, in the product's words.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts', 'tools/*/src/**/*.ts'],
    plugins: {
      'import-x': importX,
      house: { rules: { 'kebab-case-file-name': kebabCaseFileName, 'no-module-cycle': noModuleCycle } },
    },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tools/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'house/kebab-case-file-name': 'error',
      'house/no-module-cycle': 'error',
    },
  },
  {
    // A route file parses, calls one function and answers: the change, its transaction and its audit row
    // live in a <verb>-<entity>.ts function, and a route file never imports another route file.
    files: ['apps/server/src/**/*-routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open the transaction in a <verb>-<entity>.ts write function, not in a route file.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*-routes.ts', '../*/*-routes.ts'],
              message:
                'Route files do not import route files; move what they share into a module of its own.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
