import { defineCommand, type HandlerImport } from '../../command.js';

export const doctor = defineCommand({
  name: 'doctor',
  description: 'Check the set-up: Node, config file, profile, service or local store, completion, free space, leftovers',
  output: { kind: 'rows', columns: async () => (await import('./checks.js')).columns },
  examples: ['rentsurvey doctor', 'rentsurvey --local doctor', "rentsurvey doctor --json | jq '.checks[] | select(.ok | not)'"],
  notes: [
    'One line per check, ✓ or ✗, and under each ✗ what to do. Exit status 0 when every check passes, 1 otherwise. ' +
      'A remote profile is checked against its service (the service answers, the key is accepted, as auth status does); ' +
      'a local one by opening its store read-only (integrity, schema version, size, the organization --local works in). ' +
      'Nothing is changed, and no key is printed: a key shows by its prefix only, so the output can go into a support ticket.',
  ],
  handler: (): HandlerImport => import('./doctor.js'),
});
