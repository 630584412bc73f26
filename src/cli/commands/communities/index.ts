import { Option, type Command } from '@commander-js/extra-typings';
import { COMMUNITY_ARGUMENT, defineCommand, pagedListFlags, type HandlerImport } from '../../command.js';

const NONE = '"none" unassigns';

/**
 * Flags shared by create (all of name/address/zipcode mandatory) and update (only
 * what is given changes); each maps to one body field of POST/PATCH /communities.
 */
function recordOptions<Args extends unknown[]>(command: Command<Args>, required: boolean) {
  const text = <Flags extends string>(flags: Flags, description: string) => {
    const option = new Option(flags, description);
    return required ? option.makeOptionMandatory() : option;
  };
  return command
    .addOption(text('--name <name>', 'community name (max 200 characters)'))
    .addOption(text('--address <address>', 'full address (max 500 characters)'))
    .addOption(text('--zipcode <zip>', 'US zip code, 12345 or 12345-6789'))
    .option('--email <email>', `community contact e-mail${required ? '' : '; "none" clears it'}`)
    .option('--external-id <id>', `your own unique identifier (external_community_id)${required ? '' : '; "none" clears it'}`)
    .option('--website-url <url>', `community website${required ? '' : '; "none" clears it'}`)
    .addOption(new Option('--status <status>', 'active or inactive').choices(['active', 'inactive'] as const))
    .option('--community-manager <email>', `e-mail of the community manager${required ? '' : `; ${NONE}`}`)
    .option('--asset-manager <email>', `e-mail of the asset manager${required ? '' : `; ${NONE}`}`)
    .option('--leasing-manager <email>', `e-mail of the leasing manager${required ? '' : `; ${NONE}`}`)
    .option('--other-team-members <emails>', `comma-separated e-mails${required ? '' : '; replaces the whole list ("" empties it)'}`);
}

/** What list, create and update print: community records. */
const communityRecords = async () => (await import('./columns.js')).communityColumns;

export const list = defineCommand({
  name: 'list',
  description: 'List and search your communities (one page of 50, or --limit n)',
  flags: (c) => pagedListFlags(c, 'filter by name, address or external id (case-insensitive)'),
  output: { kind: 'rows', columns: communityRecords },
  examples: [
    'rentsurvey communities list --search austin',
    'rentsurvey communities list --limit 100 --offset 100',
    'rentsurvey communities list --sort -created_at --limit 5',
    'rentsurvey communities list --all --csv > communities.csv',
  ],
  notes: [
    '--limit n is the page asked of the service (pages are followed when n is above 100), so --json holds n communities too. ' +
      '--sort reads every page first: it orders all communities, not one page.',
  ],
  handler: (): HandlerImport => import('./list.js'),
});

export const show = defineCommand({
  name: 'show',
  description: 'Detail of one community: floor plans with latest pricing and active comparables',
  flags: (c) =>
    c
      .argument('[community]', `${COMMUNITY_ARGUMENT}; also one of their comparables`)
      .option('--no-comps', 'leave out the comparables')
      .option('--no-pricing-summary', 'leave out the pricing summary and floor plans'),
  output: { kind: 'record', columns: async () => (await import('./show.js')).summaryColumns, tables: true },
  examples: ['rentsurvey communities show "Barton Creek Terrace"', 'rentsurvey communities show DR-006 --json'],
  handler: (): HandlerImport => import('./show.js'),
});

export const batch = defineCommand({
  name: 'batch',
  description: 'Fetch up to 50 communities in one request',
  flags: (c) =>
    c
      .argument('<communities...>', 'communities by name, external id or id (space- or comma-separated)')
      .option('--include-comps', 'add the number of active comparables'),
  output: { kind: 'rows', columns: async () => (await import('./batch.js')).columns },
  examples: ['rentsurvey communities batch DR-001 DR-002 "Barton Creek Terrace" --include-comps'],
  handler: (): HandlerImport => import('./batch.js'),
});

export const create = defineCommand({
  name: 'create',
  description: 'Create a community and assign its managers by e-mail',
  flags: (c) => recordOptions(c, true),
  output: { kind: 'record', columns: communityRecords },
  examples: [
    'rentsurvey communities create --name "Maple Court" --address "100 Main St, Austin, TX 78701" --zipcode 78701 --community-manager marcus.johnson@demo-residential.example',
  ],
  notes: [
    'A name your organization already has is allowed (the spec allows it), and said on stderr with the other community\'s external id and id: ' +
      'a command given that name then asks which one. A zip code that is not a US zip code (00000) is said too: the community gets no coordinates, ' +
      'so its comparables get no distances. communities update warns alike for --name and --zipcode.',
  ],
  handler: (): HandlerImport => import('./create.js'),
});

export const update = defineCommand({
  name: 'update',
  description: 'Update a community; only the flags given change',
  flags: (c) => recordOptions(c.argument('[community]', COMMUNITY_ARGUMENT), false).option('-y, --yes', 'do not ask before replacing the team member list'),
  output: { kind: 'record', columns: communityRecords },
  examples: [
    'rentsurvey communities update "Barton Creek Terrace" --status inactive',
    'rentsurvey communities update DR-006 --asset-manager none',
    'rentsurvey communities update DR-006 --other-team-members maya.chen@demo-residential.example,priya.patel@demo-residential.example --yes',
  ],
  handler: (): HandlerImport => import('./update.js'),
});

export const communities = defineCommand({
  name: 'communities',
  description: 'Community records: list, search, show, create, update',
  subcommands: [list, show, batch, create, update],
});
