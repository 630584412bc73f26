/**
 * `rentsurvey __complete <words…>`: what the scripts of `rentsurvey completion`
 * ask at each TAB. The words are those typed after `rentsurvey`, dequoted by the
 * shell script, the last one being the word under completion (empty after a
 * space). Candidates come from the command tree `--help` is printed from
 * (subcommands, flags, `.choices()`, declared values, argument names), and,
 * for community arguments, from the local store or the per-profile cache.
 *
 * The answer follows cobra's protocol, so its scripts' structure applies: one
 * candidate per line, `value<TAB>description`, then `:<directive>` telling the
 * script what to do beyond the candidates (file or folder completion, no space).
 */
import type { Argument, Command, Option } from 'commander';
import type { Format } from '../../../output/formats.js';
import { dollarKey } from '../../../output/money.js';
import { displayWidth } from '../../../output/text.js';
import { suggestedValues } from './values.js';

/** Bit flags of the last line; the numbers are cobra's ShellCompDirective. */
export const Directive = {
  /** Candidates only; with none, the shell completes file names. */
  default: 0,
  /** Do not add a space after the completion (a list being built: `--communities a,b`). */
  noSpace: 2,
  /** Never fall back to file names. */
  noFiles: 4,
  /** Complete folder names. */
  dirs: 16,
} as const;

export interface Candidate {
  value: string;
  description?: string | undefined;
}

export interface Completion {
  candidates: Candidate[];
  directive: number;
}

/** A community as TAB offers it: by name, external id or id. */
export interface KnownCommunity {
  id: string;
  name: string;
  external_community_id?: string | null | undefined;
  /** Of a comparable, when known: whether it is active (in surveys), for `comps activate|deactivate`. */
  is_included_in_surveys?: boolean | null | undefined;
}

/** A floor plan as TAB offers it: by name, its layout beside it. */
export interface KnownPlan {
  id: string;
  name: string;
  /** "1 BR / 1 BA, 735 sq ft" */
  layout?: string | undefined;
}

/** Which service the typed command talks to, as far as the words typed so far say. */
export interface Scope {
  /** --local was typed. */
  local: boolean;
  /** --no-local was typed. */
  noLocal?: true;
  profile?: string | undefined;
  dataDir?: string | undefined;
}

/** Where dynamic values come from; called only when the word under completion needs them. */
export interface Sources {
  profiles(): string[];
  communities(scope: Scope): KnownCommunity[];
  /** The comparables of a subject community. */
  comps(scope: Scope, subjectId: string): KnownCommunity[];
  /** The floor plans of a community. */
  floorPlans(scope: Scope, communityId: string): KnownPlan[];
  /**
   * The fields a command prints (`pricing history`), for --fields; for --sort, only a command that prints
   * rows has any. Asynchronous: they are read from the command's own columns, imported when asked for.
   */
  fields(commandPath: string, flag: '--fields' | '--sort'): Promise<readonly string[]>;
  /** The formats a command writes (`--format`): message bodies only where the command declares them. */
  formats(commandPath: string): readonly Format[];
}

type Kind = 'community' | 'communities' | 'comp' | 'floorPlan' | 'fields' | 'sort' | 'file' | 'dir' | 'profile' | 'command';

/** What a value is, by the name the definitions give it: arguments by their name, options by their long flag. */
const ARGUMENT_KINDS: Record<string, Kind> = {
  community: 'community',
  communities: 'community',
  comp: 'comp',
  file: 'file',
  topic: 'command',
};
const OPTION_KINDS: Record<string, Kind> = {
  '--communities': 'communities',
  '--floor-plan': 'floorPlan',
  '--fields': 'fields',
  '--sort': 'sort',
  '--profile': 'profile',
  '--out': 'file',
  '--data-dir': 'dir',
};

/** The state of the comparables a command acts on: activate takes deactivated ones, deactivate active ones. */
const COMP_STATE_WANTED: Record<string, boolean> = { 'comps activate': false, 'comps deactivate': true };

const HELP_FLAGS = new Set(['-h', '--help']);
const none = (directive: number = Directive.noFiles): Completion => ({ candidates: [], directive });

interface Position {
  /** The commands typed, the program first. */
  path: Command[];
  /** Positional arguments given to the last command. */
  args: string[];
  /** Long flags already given (not offered again). */
  given: Set<string>;
  scope: Scope;
  afterDashDash: boolean;
}

export async function complete(program: Command, words: readonly string[], sources: Sources): Promise<Completion> {
  const typed = words.slice(0, -1);
  const current = words.at(-1) ?? '';
  const position: Position = { path: [program], args: [], given: new Set(), scope: { local: false }, afterDashDash: false };
  let pending: Option | undefined;

  for (let i = 0; i < typed.length; i++) {
    const word = typed[i]!;
    const command = position.path.at(-1)!;
    if (!position.afterDashDash && word === '--') position.afterDashDash = true;
    else if (!position.afterDashDash && word.startsWith('-') && word !== '-') {
      const [flag, inline] = splitInline(word);
      const option = findOption(position.path, flag);
      if (!option) continue;
      let value = inline;
      if (option.required && inline === undefined) {
        if (i + 1 === typed.length) pending = option;
        else value = typed[++i];
      }
      noteOption(position, option, value);
    } else if (position.args.length === 0 && !position.afterDashDash && findSubcommand(command, word))
      position.path.push(findSubcommand(command, word)!);
    else position.args.push(word);
  }

  if (pending) return optionValues(pending, current, position, sources);
  if (!position.afterDashDash && current.startsWith('-')) {
    const [flag, inline] = splitInline(current);
    if (inline !== undefined) {
      const option = findOption(position.path, flag);
      if (!option || option.isBoolean()) return none();
      const values = await optionValues(option, inline, position, sources);
      return { ...values, candidates: values.candidates.map((c) => ({ ...c, value: `${flag}=${c.value}` })) };
    }
    return { candidates: filter(flags(position, true), current), directive: Directive.noFiles };
  }

  const command = position.path.at(-1)!;
  if (command === program && position.args.length > 0) return none(); // not a command of ours
  const subcommands = position.args.length === 0 && !position.afterDashDash ? visibleSubcommands(command) : [];
  const argument = argumentAt(command, position.args.length);
  const values = argument ? await argumentValues(argument, current, position, sources) : none();
  const candidates = [...filter(subcommands, current), ...values.candidates];
  // Nothing else to type here but flags: offer the command's own (globals need a "-" first).
  if (!argument && subcommands.length === 0 && current === '' && !position.afterDashDash)
    return { candidates: flags(position, false), directive: Directive.noFiles };
  return { candidates, directive: values.directive };
}

function splitInline(word: string): [string, string | undefined] {
  const equals = word.indexOf('=');
  return word.startsWith('--') && equals > 0 ? [word.slice(0, equals), word.slice(equals + 1)] : [word, undefined];
}

/** The option `flag` names on the typed command or one of its parents (the program's are global). */
function findOption(path: readonly Command[], flag: string): Option | undefined {
  for (const command of [...path].reverse()) {
    const option = command.options.find((o) => o.long === flag || o.short === flag);
    if (option) return option;
  }
  return undefined;
}

function findSubcommand(command: Command, name: string): Command | undefined {
  return command.commands.find((c) => c.name() === name || c.aliases().includes(name));
}

function noteOption(position: Position, option: Option, value: string | undefined) {
  if (option.long) position.given.add(option.long);
  if (option.long === '--local') position.scope.local = true;
  else if (option.long === '--no-local') position.scope.noLocal = true;
  else if (option.long === '--profile') position.scope.profile = value;
  else if (option.long === '--data-dir') position.scope.dataDir = value;
}

/** Subcommands as `--help` lists them (hidden ones and commander's implicit `help` left out). */
function visibleSubcommands(command: Command): Candidate[] {
  const implicitHelp = (command as unknown as { _getHelpCommand(): Command | null })._getHelpCommand();
  return command
    .createHelp()
    .visibleCommands(command)
    .filter((sub) => sub !== implicitHelp)
    .map((sub) => ({ value: sub.name(), description: sub.description() }));
}

/**
 * Long flags of the typed command, and with `withGlobal` those of the program
 * too; flags already given are left out (none of ours repeats).
 */
function flags(position: Position, withGlobal: boolean): Candidate[] {
  const command = position.path.at(-1)!;
  const own = command.createHelp().visibleOptions(command);
  const inherited = withGlobal ? position.path.slice(0, -1).flatMap((parent) => parent.options.filter((o) => !o.hidden)) : [];
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const option of [...own, ...inherited]) {
    const flag = option.long ?? option.short;
    if (!flag || seen.has(flag) || position.given.has(flag)) continue;
    if (inherited.includes(option) && (flag === '--version' || HELP_FLAGS.has(flag))) continue;
    seen.add(flag);
    candidates.push({ value: flag, description: option.description });
  }
  return candidates;
}

/** The argument the next positional word fills (a variadic last one takes all the rest). */
function argumentAt(command: Command, index: number): Argument | undefined {
  const all = command.registeredArguments;
  const last = all.at(-1);
  return all[index] ?? (last?.variadic ? last : undefined);
}

async function optionValues(option: Option, current: string, position: Position, sources: Sources): Promise<Completion> {
  // --format: only what the command being typed writes (html and slack are the digest's).
  const formats = option.long === '--format' ? sources.formats(position.path.slice(1).map((command) => command.name()).join(' ')) : undefined;
  const listed = formats ?? option.argChoices ?? suggestedValues(option);
  if (listed) return { candidates: filter(listed.map((value) => ({ value })), current), directive: Directive.noFiles };
  const kind = option.long ? OPTION_KINDS[option.long] : undefined;
  return kind ? valuesOf(kind, current, position, sources) : none();
}

async function argumentValues(argument: Argument, current: string, position: Position, sources: Sources): Promise<Completion> {
  const kind = ARGUMENT_KINDS[argument.name()];
  // A help topic is one word: after a topic or a command name, only subcommands follow.
  const listed = kind === 'command' && position.args.length > 0 ? undefined : (argument.argChoices ?? suggestedValues(argument));
  const fromKind = kind ? await valuesOf(kind, current, position, sources) : none();
  if (!listed) return fromKind;
  const candidates = filter(listed.map((value) => ({ value })), current);
  return { candidates: [...candidates, ...fromKind.candidates], directive: fromKind.directive };
}

async function valuesOf(kind: Kind, current: string, position: Position, sources: Sources): Promise<Completion> {
  switch (kind) {
    case 'file':
      return none(Directive.default);
    case 'dir':
      return none(Directive.dirs);
    case 'profile':
      return { candidates: filter(sources.profiles().map((value) => ({ value })), current), directive: Directive.noFiles };
    case 'community':
      return { candidates: communityCandidates(sources.communities(position.scope), current), directive: Directive.noFiles };
    case 'communities':
      return communityList(sources.communities(position.scope), current);
    case 'comp': {
      // The subject is the community typed before: its comparables are what `comps activate|deactivate` take,
      // those the action applies to (a comparable whose state is not known is offered to both).
      const subject = identify(sources.communities(position.scope), position.args[0] ?? '');
      const wanted = COMP_STATE_WANTED[commandPath(position)];
      const comps = (subject ? sources.comps(position.scope, subject.id) : []).filter(
        (comp) => wanted === undefined || typeof comp.is_included_in_surveys !== 'boolean' || comp.is_included_in_surveys === wanted,
      );
      return { candidates: communityCandidates(comps, current), directive: Directive.noFiles };
    }
    case 'floorPlan': {
      // The plans of the community typed before (`pricing history <community> --floor-plan …`).
      const community = identify(sources.communities(position.scope), position.args[0] ?? '');
      const plans = community ? sources.floorPlans(position.scope, community.id) : [];
      const names = plans.map((plan) => ({ value: plan.name, description: plan.layout }));
      const ids = plans.map((plan) => ({ value: plan.id, description: plan.name }));
      return { candidates: current === '' ? unique(names) : namesThenIds(names, ids, current), directive: Directive.noFiles };
    }
    case 'fields':
    case 'sort': {
      const names = await sources.fields(commandPath(position), kind === 'fields' ? '--fields' : '--sort');
      // With --dollars, money fields are named as printed.
      const fields = (position.given.has('--dollars') ? names.map(dollarKey) : names).map((value) => ({ value }));
      // Field names are read in any case (columns.ts's findColumn).
      if (kind === 'fields') return list(fields, current, (field, ref) => field.value.toLowerCase() === ref.trim().toLowerCase(), filter);
      // -field sorts descending.
      const descending = current.startsWith('-') ? '-' : '';
      return { candidates: filter(fields, current.slice(descending.length)).map((c) => ({ value: descending + c.value })), directive: Directive.noFiles };
    }
    case 'command': {
      // `help <command path>`, or a topic first.
      const target = position.args.reduce<Command | undefined>((at, name) => (at ? findSubcommand(at, name) : undefined), position.path[0]);
      return { candidates: target ? filter(visibleSubcommands(target), current) : [], directive: Directive.noFiles };
    }
  }
}

/**
 * A community by name, external id and id, the other two as description.
 * Names alone on an empty word: the list an analyst reads; ids complete once
 * a prefix of one is typed.
 */
function communityCandidates(communities: readonly KnownCommunity[], current: string): Candidate[] {
  const names: Candidate[] = [];
  const others: Candidate[] = [];
  for (const c of communities) {
    names.push({ value: c.name, description: c.external_community_id ?? c.id.slice(0, 8) });
    if (c.external_community_id) others.push({ value: c.external_community_id, description: c.name });
    others.push({ value: c.id, description: c.name });
  }
  return current === '' ? unique(names) : namesThenIds(names, others, current);
}

/**
 * Names by prefix in any case (an analyst types "b" for B2, "bar" for Barton,
 * whatever ids start with those letters); ids and external ids beside them by
 * prefix as typed once 4 characters are (as an id prefix is taken, references.md);
 * ids in any case, and from the first character, only when nothing else matches.
 */
function namesThenIds(names: readonly Candidate[], ids: readonly Candidate[], current: string): Candidate[] {
  const lower = current.toLowerCase();
  const byName = names.filter((c) => c.value.toLowerCase().startsWith(lower));
  const found = [...byName, ...(current.length >= ID_PREFIX ? ids.filter((c) => c.value.startsWith(current)) : [])];
  return unique(found.length > 0 ? found : filter(ids, current));
}

/** Characters of an id typed before TAB offers ids beside names that match. */
const ID_PREFIX = 4;

/** `--communities a,b,…`: the part after the last comma completes; what comes before is kept. */
function communityList(communities: readonly KnownCommunity[], current: string): Completion {
  return list(communities, current, (c, ref) => identify([c], ref) !== undefined, communityCandidates);
}

/**
 * A comma-separated list being typed (`--communities a,b,…`, `--fields id,name,…`):
 * the part after the last comma completes, among the items not listed yet; what
 * comes before is kept, and no space follows, so that the list can go on.
 */
function list<T>(
  items: readonly T[],
  current: string,
  isListed: (item: T, ref: string) => boolean,
  candidatesOf: (items: readonly T[], current: string) => Candidate[],
): Completion {
  const comma = current.lastIndexOf(',');
  const head = current.slice(0, comma + 1);
  const listed = head.split(',').filter((ref) => ref.trim() !== '');
  const remaining = items.filter((item) => !listed.some((ref) => isListed(item, ref)));
  const candidates = candidatesOf(remaining, current.slice(comma + 1)).map((c) => ({ ...c, value: head + c.value }));
  return { candidates, directive: Directive.noFiles | Directive.noSpace };
}

/** The typed command's words: `pricing history`. */
function commandPath(position: Position): string {
  return position.path
    .slice(1)
    .map((command) => command.name())
    .join(' ');
}

/** The community a typed reference names exactly: id, external id or name (case-insensitive). */
function identify(communities: readonly KnownCommunity[], ref: string): KnownCommunity | undefined {
  const wanted = ref.trim().toLowerCase();
  if (wanted === '') return undefined;
  for (const field of ['id', 'external_community_id', 'name'] as const) {
    const found = communities.find((c) => c[field]?.toLowerCase() === wanted);
    if (found) return found;
  }
  return undefined;
}

/** Candidates starting with what is typed; when none does, those starting with it in another case. */
function filter(candidates: readonly Candidate[], current: string): Candidate[] {
  const exact = candidates.filter((c) => c.value.startsWith(current));
  if (exact.length > 0 || current === '') return exact;
  const lower = current.toLowerCase();
  return candidates.filter((c) => c.value.toLowerCase().startsWith(lower));
}

function unique(candidates: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => !seen.has(c.value) && Boolean(seen.add(c.value)));
}

/** Characters of a description beside a candidate: what fits beside a long flag on 80 columns. */
export const DESCRIPTION_MAX = 60;

/**
 * A description as one line beside a candidate: all of it, or, when longer than
 * `max`, its first words and "…" — never cut inside a word, nor at its first line.
 */
export function shortDescription(description: string, max = DESCRIPTION_MAX): string {
  const line = description.replace(/\s+/g, ' ').trim();
  if (displayWidth(line) <= max) return line;
  // The characters that fit with the "…" (wide ones, CJK, take two columns).
  let fits = '';
  for (const char of line) {
    if (displayWidth(fits + char) > max - 1) break;
    fits += char;
  }
  // Up to the last space that whole words end at; one word wider than all of it is all there is to cut.
  const boundary = line[fits.length] === ' ' ? fits.length : fits.lastIndexOf(' ');
  const kept = boundary > 0 ? fits.slice(0, boundary) : fits;
  return `${kept.replace(/[\s,;:.(–—-]+$/u, '')}…`;
}

/** The answer as the scripts read it: one `value<TAB>description` line per candidate, then `:<directive>`. */
export function formatCompletion({ candidates, directive }: Completion): string {
  const lines = candidates
    .filter((c) => c.value !== '' && !/[\t\r\n]/.test(c.value))
    .map((c) => {
      const description = c.description ? shortDescription(c.description) : '';
      return description ? `${c.value}\t${description}` : c.value;
    });
  return `${[...lines, `:${directive}`].join('\n')}\n`;
}
