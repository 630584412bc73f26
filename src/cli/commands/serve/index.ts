import { Option } from '@commander-js/extra-typings';
import { defineCommand, parseIntegerOption, type HandlerImport } from '../../command.js';

export const openapi = defineCommand({
  name: 'openapi',
  description: 'Print the OpenAPI 3.1 document of the service, generated from the API contract',
  output: { kind: 'fixed' },
  examples: ['rentsurvey serve openapi > openapi.json'],
  handler: (): HandlerImport => import('./openapi.js'),
});

export const serve = defineCommand({
  name: 'serve',
  description: 'Run the rentsurvey service on a port, on the local data directory',
  flags: (c) =>
    c
      .option('--host <host>', 'address to bind', '127.0.0.1')
      .option('--port <port>', 'port (0 picks a free one)', parseIntegerOption('--port', 0, 65535), 8787)
      .addOption(new Option('--demo', 'seed a new data directory with the demo portfolio (default)').conflicts('empty'))
      .addOption(new Option('--empty', 'start a new data directory empty'))
      .option('--smtp-url <url>', 'send invitation e-mails through this SMTP server (else .eml files in <data-dir>/outbox)')
      .option('--app-url <url>', 'base URL of invitation links', 'http://127.0.0.1:8787')
      .option('--log', 'log each request (method, URL, status, ms) as a JSON line on stderr'),
  output: { kind: 'fixed' },
  examples: [
    'rentsurvey serve',
    'rentsurvey serve --port 0 --data-dir "$(mktemp -d)" --empty   # a throwaway service on a free port',
    'rentsurvey local keys create --all-scopes   # then: curl -H "Authorization: Bearer $KEY" http://127.0.0.1:8787/v1/rentsurvey/portfolio',
  ],
  notes: ['Prints "Listening on http://HOST:PORT/v1" on stderr when ready; Ctrl-C finishes requests in flight and stops.'],
  handler: (): HandlerImport => import('./serve.js'),
  subcommands: [openapi],
});
