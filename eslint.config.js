import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// One way out for text and one for exit codes (docs/contributing.md): commands print through
// src/output (renderers, printText, the logger), which sanitize what servers send.
const streamWrite = {
  selector: "CallExpression[callee.property.name='write'][callee.object.property.name=/^(stdout|stderr)$/]",
  message: 'print through src/output (printList/printRecord/printLines, printData) or ctx.log: they keep server text from driving the terminal',
};
const processStreams = {
  selector: "MemberExpression[object.name='process'][property.name=/^(stdout|stderr|stdin)$/]",
  message: 'use the context’s streams (ctx.io), so that tests and prompts see the same ones',
};
const exitCode = {
  selector: "MemberExpression[object.name='process'][property.name=/^(exitCode|exit)$/]",
  message: 'return an ExitCode from the handler or throw a CliError: main() alone decides the exit code',
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['src/cli/**/*.{ts,tsx}'],
    ignores: ['src/cli/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', streamWrite, processStreams, exitCode] },
  },
  // main() is where the process meets the program: its streams (EPIPE) and its exit.
  { files: ['src/cli/main.ts'], rules: { 'no-restricted-syntax': ['error', streamWrite] } },
  { files: ['bench/**', 'scripts/**', 'bin/**'], languageOptions: { globals: globals.node }, rules: { 'no-console': 'off' } },
  // bin/ is CommonJS (bin/package.json): the entry starts without Node's ESM loader.
  { files: ['bin/**'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
