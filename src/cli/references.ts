/**
 * Community, comparable and floor plan arguments, resolved in one place: what a
 * person reads on the screen (a name, an external id, the first characters of
 * an id) becomes the UUID the API takes. Matching rules: reference-match.ts.
 *
 * Only the spec's endpoints are used, so this works against any service:
 * - a whole UUID is taken as it is: no request, exactly as before;
 * - anything else is looked for among the subjects: GET /communities?search=
 *   (every page), or the portfolio when the reference could start an id (search
 *   does not look at ids), when the search finds nothing that matches by our
 *   rules (a service may search differently) or when the key may not search
 *   (communities:read); whatever a service answers, the rules are applied here;
 * - commands that read a comparable's pricing (pricing history, floor-plans,
 *   communities show) then look among the comparables of every subject of the
 *   portfolio (GET …/comps, inactive ones too): subjects first, comparables only
 *   when no subject matches;
 * - a comparable of `comps activate|deactivate` among that subject's comparables,
 *   a `--floor-plan` among that community's floor plans.
 * Nothing is kept between runs; within a run each list is fetched once. Lists
 * fetched are handed to the TAB completion cache (community-cache.ts).
 *
 * One match: its id. Several: a picker on a terminal, else exit 2 listing them.
 * None: exit 4 repeating what was asked.
 */
import type { ReadOf } from '../api/endpoints.js';
import { isUuid } from '../api/rules.js';
import { formatPlanLayout } from '../domain/format.js';
import { spinner } from '../output/messages.js';
import { alignRows } from '../output/text.js';
import { splitList } from './command.js';
import { rememberCommunities, rememberFloorPlans } from './community-cache.js';
import { mapLimited } from './concurrency.js';
import type { CommandContext } from './context.js';
import { ApiError, CliError, ExitCode, UsageError } from './errors.js';
import { followPages, type Followed } from './pages.js';
import { canPrompt, pick, whyNoPrompt, type PickChoice } from './prompt.js';
import { closestReferences, looksLikeIdPrefix, matchReference, sameName, type Referable } from './reference-match.js';

interface Community extends Referable {
  address?: string | null | undefined;
  /** Set on a comparable: the subject it was found under. */
  subject?: { id: string; name: string };
  is_included_in_surveys?: boolean | undefined;
}

export interface CommunityOptions {
  /** Also a comparable of one of the portfolio's subjects (commands that read a comparable's pricing). */
  comparables?: boolean;
}

/**
 * Lists fetched during this run, so that several references (`--communities a,b,c`) cost one
 * fetch, and a command that resolved a reference reuses the list (pricing target's floor plans).
 */
interface Fetched {
  portfolio?: Promise<Community[]>;
  comps: Map<string, Promise<CompList>>;
  floorPlans: Map<string, Promise<FloorPlanList>>;
}
const fetched = new WeakMap<CommandContext, Fetched>();
const cacheOf = (ctx: CommandContext): Fetched => {
  let cache = fetched.get(ctx);
  if (!cache) fetched.set(ctx, (cache = { comps: new Map(), floorPlans: new Map() }));
  return cache;
};

/** More pages of a search than this many means the service does not page. */
const MAX_SEARCH_PAGES = 50;
/** The spec's bound on `search`. */
const SEARCH_MAX = 200;
const COMPS_AT_ONCE = 4;

const quoted = (ref: string) => JSON.stringify(ref);

/** "--communities: " before a message about a flag's value; nothing for a positional argument. */
const prefix = (flag: string) => (flag.startsWith('-') ? `${flag}: ` : '');

/** `work` under a spinner on stderr saying `text` (a terminal only; never with --quiet). */
export async function busy<T>(ctx: CommandContext, text: string, work: (progress: { text: string }) => Promise<T>): Promise<T> {
  const progress = await spinner(ctx.io, text, { quiet: ctx.globals.quiet });
  progress.start();
  try {
    return await work(progress);
  } finally {
    progress.stop();
  }
}

/** The portfolio's communities, fetched once per run and remembered for TAB. */
export function portfolioCommunities(ctx: CommandContext): Promise<Community[]> {
  const cache = cacheOf(ctx);
  cache.portfolio ??= (async () => {
    const api = await ctx.api();
    const { data } = await api.call('getPortfolio', { query: { include_comp_count: false } });
    // Written for TAB while the command goes on to read its communities (the file is flushed to disk): done by the time it ends.
    const remembered = rememberCommunities(ctx, data.communities, { whole: true });
    ctx.defer(() => remembered);
    return data.communities;
  })();
  return cache.portfolio;
}

type Comp = ReadOf<'listComps'>['comps'][number];

interface CompList {
  subject: { id: string; name: string };
  comps: (Comp & { subject: { id: string; name: string } })[];
}

/** A subject's comparables, inactive ones included. */
function compsOf(ctx: CommandContext, subjectId: string): Promise<CompList> {
  const cache = cacheOf(ctx);
  let list = cache.comps.get(subjectId);
  if (!list) {
    list = (async () => {
      const api = await ctx.api();
      const { data } = await api.call('listComps', { params: { id: subjectId }, query: { include_inactive: true } });
      await rememberCommunities(ctx, data.comps, { subjectId, whole: true });
      const subject = { id: data.subject_community.id, name: data.subject_community.name };
      return { subject, comps: data.comps.map((comp) => ({ ...comp, subject })) };
    })();
    cache.comps.set(subjectId, list);
  }
  return list;
}

/** A refusal that means "this service or key does not search": the portfolio answers instead. */
const cannotSearch = (error: unknown) => error instanceof ApiError && [400, 403, 404, 405, 501].includes(error.status);

/**
 * Every page of GET /communities?search=ref; undefined when the service or the key
 * does not search, or when its pages do not add up (a service that ignores offset):
 * an incomplete answer could make an ambiguous name look unique.
 */
async function search(ctx: CommandContext, ref: string): Promise<Community[] | undefined> {
  if (ref.length > SEARCH_MAX) return undefined;
  const api = await ctx.api();
  // Spaces as the matching rules read them: "barton  creek" finds "Barton Creek".
  const text = ref.replace(/\s+/g, ' ');
  let found: Followed<Community>;
  try {
    found = await followPages(
      async (offset, limit) => {
        const { data } = await api.call('listCommunities', { query: { search: text, limit, offset } });
        return { items: data.communities, total: data.total, limit: data.limit };
      },
      { maxPages: MAX_SEARCH_PAGES },
    );
  } catch (error) {
    if (cannotSearch(error)) {
      ctx.log.debug(`search refused (${(error as ApiError).status}); looking in the portfolio`);
      return undefined;
    }
    throw error;
  }
  await rememberCommunities(ctx, found.items);
  if (!found.complete) {
    // A service that ignores offset, say: what it sent is not all there is.
    ctx.log.debug('the search did not page to its end; looking in the portfolio');
    return undefined;
  }
  return found.items;
}

/**
 * The organization's communities named `name` (as a reference reads names): the search, every
 * page, or the portfolio where the service or key does not search. A second community of one
 * name makes every later reference by that name ask which one (communities create and update warn).
 */
export async function communitiesNamed(ctx: CommandContext, name: string): Promise<Community[]> {
  const candidates = (await search(ctx, name)) ?? (await portfolioCommunities(ctx));
  return candidates.filter((c) => sameName(c.name, name));
}

/**
 * The subjects and, with `comparables`, the comparables `ref` names; with what was looked
 * through when nothing matched (the portfolio, and the comparables), for "did you mean".
 */
async function findCommunities(ctx: CommandContext, ref: string, options: CommunityOptions): Promise<{ found: Community[]; lookedThrough: Community[] }> {
  return busy(ctx, `Looking up ${quoted(ref)}…`, async (progress) => {
    let match = looksLikeIdPrefix(ref) ? undefined : matchReference(ref, (await search(ctx, ref)) ?? []);
    if (!match?.tier) match = matchReference(ref, await portfolioCommunities(ctx));
    if (match.tier || !options.comparables) return { found: match.found, lookedThrough: match.tier ? [] : await portfolioCommunities(ctx) };
    const subjects = await portfolioCommunities(ctx);
    const looking = `Looking for ${quoted(ref)} among the comparables of ${subjects.length} communities…`;
    progress.text = looking;
    let done = 0;
    const lists = await mapLimited(subjects, COMPS_AT_ONCE, async (subject) => {
      const { comps } = await compsOf(ctx, subject.id);
      progress.text = `${looking} ${++done}/${subjects.length}`;
      return comps;
    });
    return { found: matchReference(ref, lists.flat()).found, lookedThrough: [...subjects, ...lists.flat()] };
  });
}

/**
 * The hint for a reference that matched nothing: "did you mean "Barton Creek Terrace" (DR-006)?"
 * when something is near it (closestReferences), then where the records are listed.
 */
function didYouMean<T extends Referable>(ref: string, candidates: readonly T[], named: (record: T) => string, listed: string): string {
  const near = closestReferences(ref, candidates).map(named);
  if (near.length === 0) return listed;
  return `did you mean ${near.length === 1 ? near[0] : `${near.slice(0, -1).join(', ')} or ${near[near.length - 1]}`}? (${listed})`;
}

/** A community as "did you mean" names it: its name, and its external id or the subject it is a comparable of. */
const communityNamed = (c: Community) =>
  `${quoted(c.name)}${c.external_community_id ? ` (${c.external_community_id})` : c.subject ? ` (comparable of ${c.subject.name})` : ''}`;

const shortId = (id: string) => id.slice(0, 8);

function communityChoice(c: Community): PickChoice<Community> {
  return {
    value: c,
    columns: [c.name, c.external_community_id ?? '', shortId(c.id), ...(c.subject ? [`comparable of ${c.subject.name}`] : [])],
    description: c.address ?? undefined,
  };
}

/** The lines of an ambiguity on stderr: name, external id, whole id (for a script to copy). */
function candidateLines(rows: string[][]): string {
  return alignRows(rows)
    .map((r) => `  ${r.join('  ').trimEnd()}`)
    .join('\n');
}

/**
 * One of several matches: chosen on a terminal, else exit 2 listing them. `what`
 * names them in the plural ("communities", "comparables of X", "floor plans").
 */
async function chooseOne<T>(
  ctx: CommandContext,
  asked: { ref: string; flag: string; what: string; unique?: string },
  found: readonly T[],
  choice: (item: T) => PickChoice<T>,
  line: (item: T) => string[],
): Promise<T> {
  const { ref, flag, what, unique = 'its external id or id' } = asked;
  if (canPrompt(ctx)) return pick(ctx, `${prefix(flag)}${quoted(ref)} matches ${found.length} ${what}; which one?`, found.map(choice));
  throw new UsageError(
    `${prefix(flag)}${quoted(ref)} matches ${found.length} ${what}:\n${candidateLines(found.map(line))}`,
    `name one exactly (${unique} is unique), or run on a terminal to choose (here: ${whyNoPrompt(ctx)})`,
  );
}

const communityLine = (c: Community) => [
  c.name,
  c.external_community_id || '—',
  c.id,
  ...(c.subject ? [`comparable of ${c.subject.name}`] : []),
];

/** The id of the community `ref` names; `flag` is how it was given ("<community>", "--communities"). */
export async function resolveCommunity(ctx: CommandContext, ref: string, flag: string, options: CommunityOptions = {}): Promise<string> {
  const wanted = ref.trim();
  if (isUuid(wanted)) return wanted.toLowerCase();
  if (wanted === '') throw new UsageError(`${prefix(flag)}a community is needed: a name, an external id or an id`);
  const { found, lookedThrough } = await findCommunities(ctx, wanted, options);
  if (found.length === 0) {
    const listed = 'your communities are listed by `rentsurvey portfolio`' + (options.comparables ? ', their comparables by `rentsurvey comps list`' : '');
    throw new CliError(
      `${prefix(flag)}no community ${options.comparables ? 'or comparable ' : ''}matches ${quoted(wanted)} (by id, external id or name)`,
      ExitCode.notFound,
      didYouMean(wanted, lookedThrough, communityNamed, listed),
    );
  }
  if (found.length === 1) return found[0]!.id.toLowerCase();
  const what = found.some((c) => c.subject) ? 'comparables' : 'communities';
  return (await chooseOne(ctx, { ref: wanted, flag, what }, found, communityChoice, communityLine)).id.toLowerCase();
}

/**
 * A command's `[community]` argument: resolved when given; when omitted, a
 * picker over the portfolio on a terminal, else the usage error commander would give.
 */
export async function communityArgument(ctx: CommandContext, ref: string | undefined, options: CommunityOptions = {}): Promise<string> {
  if (ref !== undefined) return resolveCommunity(ctx, ref, '<community>', options);
  if (!canPrompt(ctx))
    throw new UsageError(
      "missing required argument 'community'",
      'name it: a name, an external id or an id, as `rentsurvey portfolio` lists them',
    );
  const subjects = await busy(ctx, 'Reading the portfolio…', () => portfolioCommunities(ctx));
  if (subjects.length === 0)
    throw new CliError('there are no communities to choose from', ExitCode.notFound, 'create one with `rentsurvey communities create`');
  return (await pick(ctx, 'Which community?', subjects.map(communityChoice))).id.toLowerCase();
}

/** A comma-separated list of references (`--communities a,b`), each resolved, duplicates folded, order kept. */
export async function resolveCommunityList(ctx: CommandContext, list: string, flag: string, options: CommunityOptions = {}): Promise<string[]> {
  const refs = splitList(list);
  if (refs.length === 0) throw new UsageError(`${flag} needs at least one community`);
  const ids: string[] = [];
  for (const ref of refs) ids.push(await resolveCommunity(ctx, ref, flag, options));
  return [...new Set(ids)];
}

/** A subject a command reads (overview --all, report, pricing export, digest); name and external id from the portfolio. */
export interface ChosenSubject {
  id: string;
  /** Unknown for an id that is not among the portfolio's communities (a whole UUID is taken as it is). */
  name?: string;
  external_community_id: string | null;
}

/**
 * The subjects a command that reads many is asked for, in order, each once: the portfolio's
 * with `all`, else those `refs` (arguments) and `communities` (--communities a,b) name, with
 * what the portfolio says of them (one request, looked up by id). `verb` says what the
 * command does with them ("report on"), when none is named.
 */
export async function chooseSubjects(
  ctx: CommandContext,
  selection: { all?: boolean | undefined; refs?: readonly string[]; communities?: string | undefined },
  verb: string,
): Promise<ChosenSubject[]> {
  const { all = false, refs = [], communities } = selection;
  if (all && (refs.length > 0 || communities !== undefined))
    throw new UsageError('--all takes every community of the portfolio: name none, or leave out --all');
  const ids: string[] = [];
  for (const ref of refs) ids.push(await resolveCommunity(ctx, ref, '<community>'));
  if (communities !== undefined) ids.push(...(await resolveCommunityList(ctx, communities, '--communities')));
  if (!all && ids.length === 0) throw new UsageError(`name the communities to ${verb}, or --all for the whole portfolio`);
  const portfolio = await portfolioCommunities(ctx);
  const chosen = (c: Community): ChosenSubject => ({ id: c.id, name: c.name, external_community_id: c.external_community_id ?? null });
  if (all) return portfolio.map(chosen);
  const known = new Map(portfolio.map((c) => [c.id.toLowerCase(), c]));
  return [...new Set(ids)].map((id) => {
    const found = known.get(id);
    return found ? { ...chosen(found), id } : { id, external_community_id: null };
  });
}

/**
 * The comparable of `subjectId` that `ref` names (inactive ones included). For
 * `change` (activate: true), matches whose state the command changes come first;
 * omitted on a terminal: a picker over the comparables it would change.
 */
export async function resolveComparable(
  ctx: CommandContext,
  subjectId: string,
  ref: string | undefined,
  change: { include: boolean },
): Promise<{ id: string; name?: string }> {
  const wanted = ref?.trim();
  if (wanted !== undefined && isUuid(wanted)) return { id: wanted.toLowerCase() };
  if (wanted === undefined && !canPrompt(ctx))
    throw new UsageError("missing required argument 'comp'", 'name the comparable: its name or id, as `rentsurvey comps list <community> --include-inactive` lists them');
  const list = await busy(ctx, 'Reading the comparables…', () => compsOf(ctx, subjectId));
  const { comps } = list;
  const subject = list.subject.name;
  const changes = (c: Comp) => c.is_included_in_surveys !== change.include;
  const state = (c: Comp) => (c.is_included_in_surveys ? 'active' : 'inactive');
  const choice = (c: Comp): PickChoice<Comp> => ({ value: c, columns: [c.name, state(c), shortId(c.id)], description: c.address ?? undefined });
  const what = `comparables of ${subject}`;
  const named = (c: Comp) => ({ id: c.id.toLowerCase(), name: c.name });
  if (wanted === undefined) {
    const candidates = comps.filter(changes);
    if (candidates.length === 0)
      throw new CliError(`${subject} has no ${change.include ? 'inactive' : 'active'} comparable to ${change.include ? 'activate' : 'deactivate'}`, ExitCode.notFound);
    return named(await pick(ctx, `Which comparable of ${subject}?`, candidates.map(choice)));
  }
  const { found } = matchReference(wanted, comps);
  if (found.length === 0) {
    throw new CliError(
      `no comparable of ${subject} matches ${quoted(wanted)} (by id or name)`,
      ExitCode.notFound,
      didYouMean(wanted, comps, (c) => quoted(c.name), `they are listed by \`rentsurvey comps list ${subjectId} --include-inactive\``),
    );
  }
  // "Oak" names an active and an inactive comparable: deactivate means the active one.
  const narrowed = found.filter(changes).length > 0 ? found.filter(changes) : found;
  if (narrowed.length === 1) return named(narrowed[0]!);
  const line = (c: Comp) => [c.name, state(c), c.id];
  return named(await chooseOne(ctx, { ref: wanted, flag: '<comp>', what, unique: 'its id' }, narrowed, choice, line));
}

type FloorPlanList = ReadOf<'listFloorPlans'>;
type Plan = FloorPlanList['floor_plans'][number];

/** A community's floor plans with their latest pricing (GET …/floor-plans), fetched once per run and remembered for TAB. */
export function floorPlansOf(ctx: CommandContext, communityId: string): Promise<FloorPlanList> {
  const cache = cacheOf(ctx);
  const key = communityId.toLowerCase();
  let list = cache.floorPlans.get(key);
  if (!list) {
    list = (async () => {
      const api = await ctx.api();
      const { data } = await api.call('listFloorPlans', { params: { id: communityId } });
      await rememberFloorPlans(ctx, communityId, data.floor_plans);
      return data;
    })();
    cache.floorPlans.set(key, list);
  }
  return list;
}

/** The floor plan of `communityId` that `--floor-plan <ref>` names: its name (any case) or id. */
export async function resolveFloorPlan(ctx: CommandContext, communityId: string, ref: string, flag = '--floor-plan'): Promise<string> {
  const wanted = ref.trim();
  if (isUuid(wanted)) return wanted.toLowerCase();
  const data = await busy(ctx, 'Reading the floor plans…', () => floorPlansOf(ctx, communityId));
  const plans = data.floor_plans.map((plan) => ({ ...plan, name: plan.floor_plan_name }));
  const { found } = matchReference(wanted, plans);
  if (found.length === 0)
    throw new CliError(
      `${flag}: ${data.community.name} has no floor plan ${quoted(wanted)}` +
        (plans.length > 0 ? ` (its plans: ${plans.map((p) => p.name).join(', ')})` : ' (it has no floor plans)'),
      ExitCode.notFound,
    );
  if (found.length === 1) return found[0]!.id.toLowerCase();
  const choice = (p: Plan & { name: string }): PickChoice<Plan & { name: string }> => ({ value: p, columns: [p.name, formatPlanLayout(p), shortId(p.id)] });
  const line = (p: Plan & { name: string }) => [p.name, formatPlanLayout(p), p.id];
  return (await chooseOne(ctx, { ref: wanted, flag, what: `floor plans of ${data.community.name}`, unique: 'its id' }, found, choice, line)).id.toLowerCase();
}
