import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createTestIO } from '../../../output/io.js';
import { buildProgram } from '../../program.js';
import {
  complete,
  DESCRIPTION_MAX,
  Directive,
  formatCompletion,
  shortDescription,
  type KnownCommunity,
  type KnownPlan,
  type Scope,
  type Sources,
} from './complete.js';
import { commandFormats } from './answer.js';

const program = (await buildProgram({ io: createTestIO(), env: {} })) as unknown as Command;

const BARTON: KnownCommunity = { id: 'd6137064-260f-849b-bd6b-0af956392f35', name: 'Barton Creek Terrace', external_community_id: 'TT-001' };
const HILLS: KnownCommunity = { id: 'ea331d1b-7b97-876b-83c7-e1cea0a13474', name: 'Barton Hills', external_community_id: 'TT-002' };
const MILLER: KnownCommunity = { id: 'a42a8571-3c37-82aa-85f4-3fe537bdeec3', name: "Miller's Crossing", external_community_id: null };
const OAK: KnownCommunity = { id: '6e2d2a45-517f-8a21-a208-713322f6579a', name: 'Oak Flats', is_included_in_surveys: true };
const PINE: KnownCommunity = { id: '1f0c9d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f', name: 'Pine Lofts', is_included_in_surveys: false };
/** A comparable cached before the state was: offered to both actions. */
const ELM: KnownCommunity = { id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', name: 'Elm Court' };
const PLANS: KnownPlan[] = [
  { id: '0c5f3b8e-1d2a-4c3b-9e4f-5a6b7c8d9e01', name: 'A1', layout: '1 BR / 1 BA, 735 sq ft' },
  { id: 'b0c5f3b8-1d2a-4c3b-9e4f-5a6b7c8d9e02', name: 'B2', layout: '2 BR / 2 BA, 1040 sq ft' },
];

/** Sources over fixed data that record the scopes they were asked for. */
function sources(): Sources & { scopes: Scope[] } {
  const scopes: Scope[] = [];
  return {
    scopes,
    profiles: () => ['default', 'staging'],
    communities(scope) {
      scopes.push({ ...scope });
      return [BARTON, HILLS, MILLER];
    },
    comps: (_scope, subjectId) => (subjectId === BARTON.id ? [OAK, PINE, ELM] : []),
    floorPlans: (_scope, communityId) => (communityId === BARTON.id ? PLANS : []),
    fields: async (commandPath, flag) => (flag === '--sort' && commandPath === 'vacancy' ? [] : (FIELDS[commandPath] ?? [])),
    formats: (commandPath) => commandFormats(program, commandPath),
  };
}

const FIELDS: Record<string, string[]> = {
  portfolio: ['id', 'name', 'comp_count', 'avg_market_rent_cents'],
  vacancy: ['community_name', 'vacancy_rate'],
  'pricing history': ['as_of_date', 'floor_plan_name', 'market_rent_cents'],
};

const values = async (words: string[], from: Sources = sources()) => (await complete(program, words, from)).candidates.map((c) => c.value);

describe('__complete: the command tree', () => {
  it('offers the top-level commands with their descriptions, not hidden ones', async () => {
    const { candidates, directive } = (await complete(program, [''], sources()));
    expect(candidates.map((c) => c.value)).toEqual(expect.arrayContaining(['portfolio', 'overview', 'pricing', 'completion', 'help']));
    expect(candidates.find((c) => c.value === 'overview')?.description).toMatch(/priced against its comparables/);
    expect(candidates.map((c) => c.value)).not.toContain('__complete');
    expect(directive).toBe(Directive.noFiles);
  });

  it('completes a prefix, and the subcommands of a group without commander’s implicit help', async () => {
    expect(await values(['ov'])).toEqual(['overview']);
    expect(await values(['pricing', ''])).toEqual(['history', 'floor-plans', 'export', 'target']);
    expect(await values(['local', 'keys', ''])).toEqual(['create', 'list', 'revoke']);
  });

  it('offers the typed command’s flags and the global ones after a dash, never another command’s', async () => {
    const users = await values(['users', 'show', '--']);
    expect(users).toEqual(expect.arrayContaining(['--help', '--format', '--profile', '--local']));
    expect(users).not.toContain('--no-comps');
    expect(users).not.toContain('--version');
    expect(await values(['communities', 'show', 'x', '--no'])).toEqual(['--no-comps', '--no-pricing-summary', '--no-local', '--no-pager', '--no-color', '--no-input']);
    expect(await values(['overview', '--f'])).toEqual(['--format', '--fields']);
  });

  it('leaves out flags already given', async () => {
    expect(await values(['--format', 'csv', 'portfolio', '--f'])).toEqual(['--fields']);
    expect(await values(['portfolio', '--include-pricing', ''])).toEqual(['--no-comp-count', '--help']);
  });

  it('offers only the command’s own flags where nothing but flags can follow', async () => {
    expect(await values(['portfolio', ''])).toEqual(['--include-pricing', '--no-comp-count', '--help']);
  });

  it('offers nothing after an unknown command', async () => {
    expect(await values(['bogus', ''])).toEqual([]);
  });
});

describe('__complete: flag and argument values', () => {
  it('takes the values of .choices(), after a space or an =', async () => {
    expect(await values(['--format', ''])).toEqual(['table', 'json', 'csv', 'ndjson', 'md', 'xlsx']);
    expect(await values(['overview', '--format=c'])).toEqual(['--format=csv']);
    // html and slack only where they are written.
    expect(await values(['overview', '--format', ''])).toEqual(['table', 'json', 'csv', 'ndjson', 'md', 'xlsx']);
    expect(await values(['digest', '--format', ''])).toEqual(['table', 'json', 'csv', 'ndjson', 'md', 'xlsx', 'html', 'slack']);
    expect(await values(['users', 'invite', '--role', ''])).toEqual(['admin', 'member']);
    expect(await values(['communities', 'update', 'x', '--status', 'in'])).toEqual(['inactive']);
    expect(await values(['pricing', 'target', 'x', '--basis', ''])).toEqual(['ner', 'asking']);
    expect(await values(['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('takes declared values where the flag accepts more than a list', async () => {
    expect(await values(['pricing', 'target', 'x', '--band', ''])).toEqual(['aggressive', 'market', 'premium']);
  });

  it('offers help topics and command paths to help', async () => {
    expect(await values(['help', ''])).toEqual(expect.arrayContaining(['environment', 'exit-codes', 'pricing', 'overview']));
    expect(await values(['help', 'pricing', ''])).toEqual(['history', 'floor-plans', 'export', 'target']);
    expect(await values(['help', 'environment', ''])).toEqual([]);
  });

  it('offers profile names to --profile', async () => {
    expect(await values(['--profile', 's'])).toEqual(['staging']);
  });

  it('asks the shell for file names where a file is expected, folder names for --data-dir', async () => {
    for (const words of [['local', 'import', ''], ['pricing', 'export', '--out', ''], ['pricing', 'export', '--out=re']])
      expect(await complete(program, words, sources())).toEqual({ candidates: [], directive: Directive.default });
    expect(await complete(program, ['--data-dir', ''], sources())).toEqual({ candidates: [], directive: Directive.dirs });
  });

  it('offers nothing, and no file names, for a free-text value', async () => {
    expect(await complete(program, ['communities', 'create', '--name', ''], sources())).toEqual({ candidates: [], directive: Directive.noFiles });
  });
});

describe('__complete: communities', () => {
  it('lists the names on an empty word, the external id as description', async () => {
    expect((await complete(program, ['overview', ''], sources())).candidates).toEqual([
      { value: 'Barton Creek Terrace', description: 'TT-001' },
      { value: 'Barton Hills', description: 'TT-002' },
      { value: "Miller's Crossing", description: 'a42a8571' },
    ]);
  });

  it('completes names, external ids and ids by prefix, the name as description of the others', async () => {
    expect(await values(['overview', 'Barton C'])).toEqual(['Barton Creek Terrace']);
    expect((await complete(program, ['overview', 'TT'], sources())).candidates).toEqual([
      { value: 'TT-001', description: 'Barton Creek Terrace' },
      { value: 'TT-002', description: 'Barton Hills' },
    ]);
    expect((await complete(program, ['overview', 'd61'], sources())).candidates).toEqual([{ value: BARTON.id, description: BARTON.name }]);
  });

  it('falls back to another case when nothing matches as typed', async () => {
    expect(await values(['overview', 'mil'])).toEqual(["Miller's Crossing"]);
  });

  it('offers names in any case before ids that start with the same letters', async () => {
    // Miller's id starts with "a4"; "a" starts no name, "m" no id.
    expect(await values(['overview', 'a'])).toEqual([MILLER.id]);
    const withHexName: Sources = { ...sources(), communities: () => [{ id: 'bad00000-0000-4000-8000-000000000001', name: 'Bad Axe Commons' }, BARTON] };
    expect(await values(['overview', 'ba'], withHexName)).toEqual(['Bad Axe Commons', 'Barton Creek Terrace']);
    expect(await values(['overview', 'bad0'], withHexName)).toEqual(['bad00000-0000-4000-8000-000000000001']);
    expect(await values(['overview', 'bad'], withHexName)).toEqual(['Bad Axe Commons']);
  });

  it('completes wherever a community is taken', async () => {
    const paths = [
      ['overview'],
      ['vacancy'],
      ['vacancy', 'trend'],
      ['pricing', 'history'],
      ['pricing', 'floor-plans'],
      ['pricing', 'target'],
      ['comps', 'list'],
      ['comps', 'add'],
      ['comps', 'activate'],
      ['communities', 'show'],
      ['communities', 'update'],
      ['communities', 'batch'],
      ['communities', 'batch', 'Barton Hills'],
    ];
    for (const path of paths) expect(await values([...path, 'Barton C']), path.join(' ')).toEqual(['Barton Creek Terrace']);
  });

  it('knows every argument the definitions describe as a community', async () => {
    // A new command taking `<id>` described as "community id" would complete nothing: name it <community>.
    const walk = (command: Command, path: string[]): string[][] => [
      ...(command.registeredArguments.some((a) => /\bcommunit(y|ies)\b/.test(a.description) && !/\bcomparable\b/.test(a.description))
        ? [path]
        : []),
      ...command.commands.flatMap((sub) => walk(sub as Command, [...path, sub.name()])),
    ];
    const paths = walk(program, []);
    expect(paths.length).toBeGreaterThanOrEqual(12);
    for (const path of paths) expect(await values([...path, 'Barton C']), path.join(' ')).toEqual(['Barton Creek Terrace']);
  });

  it('completes the comparables of the subject typed before, named any way: those the action applies to', async () => {
    // deactivate: the active ones (and those whose state TAB does not know); activate: the deactivated ones.
    expect((await complete(program, ['comps', 'deactivate', 'Barton Creek Terrace', ''], sources())).candidates).toEqual([
      { value: 'Oak Flats', description: '6e2d2a45' },
      { value: 'Elm Court', description: '2a3b4c5d' },
    ]);
    expect(await values(['comps', 'activate', 'tt-001', ''])).toEqual(['Pine Lofts', 'Elm Court']);
    expect(await values(['comps', 'activate', 'tt-001', 'O'])).toEqual([]);
    expect(await values(['comps', 'deactivate', 'tt-001', 'P'])).toEqual([]);
    // By id prefix too, with the same filter.
    expect(await values(['comps', 'activate', 'TT-001', PINE.id.slice(0, 6)])).toEqual([PINE.id]);
    expect(await values(['comps', 'activate', 'TT-001', OAK.id.slice(0, 6)])).toEqual([]);
    expect(await values(['comps', 'activate', 'Nowhere', ''])).toEqual([]);
  });

  it('completes the floor plans of the community typed before: names with their layout, ids by prefix', async () => {
    expect(await complete(program, ['pricing', 'history', 'TT-001', '--floor-plan', ''], sources())).toEqual({
      candidates: [
        { value: 'A1', description: '1 BR / 1 BA, 735 sq ft' },
        { value: 'B2', description: '2 BR / 2 BA, 1040 sq ft' },
      ],
      directive: Directive.noFiles,
    });
    // "b" is the start of B2 and of an id: the name (an analyst types plan names in lower case); ids from 4 characters.
    expect(await values(['pricing', 'history', 'barton creek terrace', '--floor-plan=b'])).toEqual(['--floor-plan=B2']);
    expect(await values(['pricing', 'history', 'TT-001', '--floor-plan', PLANS[1]!.id.slice(0, 4)])).toEqual([PLANS[1]!.id]);
    expect(await values(['pricing', 'history', 'Barton Creek Terrace', '--floor-plan', '0c5f'])).toEqual([PLANS[0]!.id]);
    // No community typed yet, or one TAB does not know: nothing (and no file names).
    expect(await complete(program, ['pricing', 'history', '--floor-plan', ''], sources())).toEqual({ candidates: [], directive: Directive.noFiles });
    expect(await values(['pricing', 'history', 'Nowhere', '--floor-plan', ''])).toEqual([]);
  });

  it('completes the last entry of a --communities list, keeping what is typed and leaving out what is listed', async () => {
    const answer = (await complete(program, ['pricing', 'export', '--communities', 'Barton Hills,Bar'], sources()));
    expect(answer.candidates.map((c) => c.value)).toEqual(['Barton Hills,Barton Creek Terrace']);
    expect(answer.directive).toBe(Directive.noFiles | Directive.noSpace);
    expect(await values(['digest', '--communities=TT-001,'])).toEqual(['--communities=TT-001,Barton Hills', "--communities=TT-001,Miller's Crossing"]);
  });

  it('offers a group’s subcommands beside its own community argument', async () => {
    expect(await values(['vacancy', ''])).toEqual(['trend', 'Barton Creek Terrace', 'Barton Hills', "Miller's Crossing"]);
  });

  it('--fields: the typed command’s fields, as a list that goes on, each once', async () => {
    const answer = (await complete(program, ['portfolio', '--fields', ''], sources()));
    expect(answer.candidates.map((c) => c.value)).toEqual(['id', 'name', 'comp_count', 'avg_market_rent_cents']);
    expect(answer.directive).toBe(Directive.noFiles | Directive.noSpace);
    expect(await values(['portfolio', '--fields', 'id,'])).toEqual(['id,name', 'id,comp_count', 'id,avg_market_rent_cents']);
    expect(await values(['portfolio', '--fields', 'name,A'])).toEqual(['name,avg_market_rent_cents']);
    // With --dollars, money fields as printed.
    expect(await values(['portfolio', '--dollars', '--fields', 'name,avg'])).toEqual(['name,avg_market_rent_dollars']);
    expect(await values(['portfolio', '--dollars', '--sort', '-avg'])).toEqual(['-avg_market_rent_dollars']);
    // Listed in another case is listed (field names are read in any case).
    expect(await values(['portfolio', '--fields', 'ID,i'])).toEqual([]);
    expect(await values(['--local', 'pricing', 'history', 'Barton Creek Terrace', '--fields=as_of_date,f'])).toEqual(['--fields=as_of_date,floor_plan_name']);
    // Before the command is typed there is nothing to offer.
    expect(await values(['--fields', ''])).toEqual([]);
  });

  it('--sort: a field, or -field for descending', async () => {
    expect(await values(['portfolio', '--sort', ''])).toEqual(['id', 'name', 'comp_count', 'avg_market_rent_cents']);
    expect(await values(['portfolio', '--sort', '-c'])).toEqual(['-comp_count']);
    expect(await values(['pricing', 'history', 'Barton Hills', '--sort', 'm'])).toEqual(['market_rent_cents']);
    expect((await complete(program, ['portfolio', '--sort', ''], sources())).directive).toBe(Directive.noFiles);
    // Which commands take --sort is the sources' to say: here, not vacancy's one record.
    expect(await values(['vacancy', 'Barton Hills', '--fields', 'v'])).toEqual(['vacancy_rate']);
    expect(await values(['vacancy', 'Barton Hills', '--sort', 'v'])).toEqual([]);
  });

  it('tells the sources which service the words name', async () => {
    const from = sources();
    await complete(program, ['--local', '--data-dir', '/srv/rs', 'overview', ''], from);
    await complete(program, ['--profile=staging', 'overview', ''], from);
    await complete(program, ['overview', ''], from);
    expect(from.scopes).toEqual([{ local: true, dataDir: '/srv/rs' }, { local: false, profile: 'staging' }, { local: false }]);
  });

  it('reads no data to complete commands and flags', async () => {
    const refusing: Sources = {
      profiles: () => expect.unreachable('profiles'),
      communities: () => expect.unreachable('communities'),
      comps: () => expect.unreachable('comps'),
      floorPlans: () => expect.unreachable('floorPlans'),
      fields: async () => expect.unreachable('fields'),
      formats: () => expect.unreachable('formats'),
    };
    expect(await values(['pricing', 'ex'], refusing)).toEqual(['export']);
    expect(await values(['overview', '--'], refusing)).toContain('--format');
  });
});

describe('descriptions beside candidates', () => {
  const LONG = "Change a user's name, role or status (deactivated users keep their data; their keys stop working)";

  it('are kept whole when they fit, on one line', () => {
    expect(shortDescription('Show a user, by id or e-mail')).toBe('Show a user, by id or e-mail');
    expect(shortDescription('first line\n  and the second')).toBe('first line and the second');
    const exact = 'x'.repeat(DESCRIPTION_MAX - 5) + ' word';
    expect(shortDescription(exact)).toBe(exact);
  });

  it('are shortened at a word boundary with "…", never inside a word nor at the first line', () => {
    const short = shortDescription(LONG);
    expect(short).toBe("Change a user's name, role or status (deactivated users…");
    expect([...short].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    // Every word kept is a whole word of the original.
    expect(LONG.startsWith(short.slice(0, -1))).toBe(true);
    expect(LONG[short.length - 1]).toBe(' ');
    // The second line counts: a first line that fits is not all there is.
    expect(shortDescription(`Import a dataset\n${'and more words '.repeat(6)}`, 40)).toBe('Import a dataset and more words and…');
    // Punctuation before the cut goes: "data;" → "data…".
    expect(shortDescription('keep their data; their keys stop working', 20)).toBe('keep their data…');
    // A last word that ends exactly at the width is kept whole.
    expect(shortDescription('aaaa bbbb cccc', 10)).toBe('aaaa bbbb…');
  });

  it('count wide characters as two columns, and cut a single overlong word where it must', () => {
    expect(shortDescription('東京 タワー レジデンス 新宿 パーク', 16)).toBe('東京 タワー…');
    expect(shortDescription('x'.repeat(80), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('are shortened in the answer the scripts read, whatever gave them (a command, a flag, a community name)', async () => {
    const { candidates } = await complete(program, ['users', ''], sources());
    expect(candidates.find((c) => c.value === 'update')?.description).toBe(
      "Change a user's name, role or status (deactivated users keep their data; their keys stop working)",
    );
    const lines = formatCompletion({ candidates, directive: 4 }).split('\n');
    expect(lines).toContain("update\tChange a user's name, role or status (deactivated users…");
    for (const line of lines) expect([...(line.split('\t')[1] ?? '')].length, line).toBeLessThanOrEqual(DESCRIPTION_MAX);
  });
});

describe('formatCompletion', () => {
  it('writes value<TAB>description lines and the directive last, on one line each', async () => {
    expect(
      formatCompletion({
        candidates: [{ value: 'a', description: 'first\tline\nsecond' }, { value: 'b' }, { value: 'bad\nvalue' }, { value: '' }],
        directive: 6,
      }),
    ).toBe('a\tfirst line second\nb\n:6\n');
  });
});
