import { Command, Option } from '@commander-js/extra-typings';
import { examples, lazy, parseIntegerOption, type Runtime } from '../../command.js';

export const serve = () =>
  new Command('serve')
    .description('Run the rentsurvey service on a port, on the local data directory')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', parseIntegerOption('--port', 0, 65535), 8787)
    .addOption(new Option('--demo', 'seed a new data directory with the demo portfolio (default)').conflicts('empty'))
    .addOption(new Option('--empty', 'start a new data directory empty'))
    .option('--smtp-url <url>', 'send invitation e-mails through this SMTP server (else .eml files in <data-dir>/outbox)')
    .option('--app-url <url>', 'base URL of invitation links', 'http://127.0.0.1:8787')
    .option('--log', 'log each request (method, URL, status, ms) as a JSON line on stderr')
    .addHelpText(
      'after',
      examples(
        'rentsurvey serve',
        'rentsurvey serve --port 0 --data-dir /tmp/rs --empty',
        'rentsurvey local keys create --all-scopes   # then: curl -H "Authorization: Bearer $KEY" http://127.0.0.1:8787/v1/rentsurvey/portfolio',
      ) + '\nPrints "Listening on http://HOST:PORT/v1" on stderr when ready; Ctrl-C finishes requests in flight and stops.\n',
    );

export const openapi = () =>
  new Command('openapi')
    .description('Print the OpenAPI 3.1 document of the service, generated from the API contract')
    .addHelpText('after', examples('rentsurvey serve openapi > openapi.json'));

export function serveCommand(runtime: Runtime) {
  return lazy(runtime, serve(), () => import('./serve.js')).addCommand(lazy(runtime, openapi(), () => import('./openapi.js')));
}
