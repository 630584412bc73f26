/**
 * The communities TAB completion offers for a remote profile: a small file per
 * profile, $XDG_CACHE_HOME/rentsurvey/communities.<profile>.json (default
 * ~/.cache), written by commands that fetched community lists anyway
 * (portfolio, communities list, comps list, pricing export, digest; the
 * reference resolver once it looks names up). TAB never calls the service: it
 * completes what the file holds, however old (a community created elsewhere
 * appears after the next `rentsurvey portfolio`). The file names the base URL it
 * came from, so that a profile logged in to another service completes nothing
 * until it has fetched again. With --local TAB reads the local store instead.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatPlanLayout } from '../domain/format.js';
import type { KnownCommunity, KnownPlan } from './commands/completion/complete.js';
import type { CommandContext } from './context.js';
import { xdgDir } from './globals.js';

export interface CommunityCache {
  base_url: string;
  communities: KnownCommunity[];
  /** Comparables by subject community id. */
  comps: Record<string, KnownCommunity[]>;
  /** Floor plans by community id. */
  floor_plans: Record<string, KnownPlan[]>;
}

export function communityCachePath(env: NodeJS.ProcessEnv, profile: string): string {
  return join(xdgDir(env, 'cache'), `communities.${profile}.json`);
}

/** The cache of `profile` when it was filled from `baseUrl`; undefined when missing, unreadable or of another service. */
export function readCommunityCache(env: NodeJS.ProcessEnv, profile: string, baseUrl: string): CommunityCache | undefined {
  try {
    const cache = JSON.parse(readFileSync(communityCachePath(env, profile), 'utf8')) as Partial<CommunityCache>;
    if (cache.base_url !== baseUrl || !Array.isArray(cache.communities)) return undefined;
    return { base_url: baseUrl, communities: cache.communities, comps: cache.comps ?? {}, floor_plans: cache.floor_plans ?? {} };
  } catch {
    return undefined;
  }
}

interface Listed {
  id: string;
  name: string;
  external_community_id?: string | null | undefined;
  /** A comparable's: active (in surveys) or not. */
  is_included_in_surveys?: boolean | null | undefined;
}

/**
 * Records communities a command has just received, for TAB. `whole`: the list
 * is all of them (the portfolio; a subject's comparables, inactive ones
 * included), replacing what was known; otherwise (a page, a search) they are
 * added. `subjectId`: they are that community's comparables, and with
 * `activeOnly` all its active ones (`comps list` without --include-inactive):
 * the others known are inactive now.
 */
export async function rememberCommunities(
  ctx: CommandContext,
  communities: readonly Listed[],
  options: { whole?: boolean; subjectId?: string; activeOnly?: boolean } = {},
): Promise<void> {
  const received: KnownCommunity[] = communities.map(({ id, name, external_community_id, is_included_in_surveys }) => ({
    id,
    name,
    external_community_id: external_community_id ?? null,
    ...(typeof is_included_in_surveys === 'boolean' ? { is_included_in_surveys } : {}),
  }));
  const others = (known: readonly KnownCommunity[]) => known.filter((c) => !received.some((r) => r.id === c.id));
  await updateCache(ctx, (cache) => {
    const { subjectId } = options;
    if (!subjectId) cache.communities = options.whole ? received : [...others(cache.communities), ...received];
    else if (options.whole) cache.comps[subjectId] = received;
    else {
      const known = others(cache.comps[subjectId] ?? []);
      cache.comps[subjectId] = [...(options.activeOnly ? known.map((c) => ({ ...c, is_included_in_surveys: false })) : known), ...received];
    }
  });
}

/** Records what `comps activate|deactivate` just did, so that TAB offers the comparable to the other one next. */
export async function rememberCompState(ctx: CommandContext, subjectId: string, compId: string, included: boolean): Promise<void> {
  await updateCache(ctx, (cache) => {
    const comp = cache.comps[subjectId]?.find((c) => c.id === compId);
    if (comp) comp.is_included_in_surveys = included;
  });
}

/** What the service's floor plan lists and the local store's look-up both give of a plan. */
interface ListedPlan {
  id: string;
  floor_plan_name: string;
  bedrooms: number;
  bathrooms: number;
  square_feet: number;
}

/** Records the floor plans of a community a command has just received (all of them), for `--floor-plan <TAB>`. */
export async function rememberFloorPlans(
  ctx: CommandContext,
  communityId: string,
  plans: readonly ListedPlan[],
): Promise<void> {
  await updateCache(ctx, (cache) => {
    cache.floor_plans[communityId] = plans.map(knownPlan);
  });
}

/** A floor plan as TAB offers it, whether it comes from the service (this cache) or the local store. */
export function knownPlan(plan: ListedPlan): KnownPlan {
  return { id: plan.id, name: plan.floor_plan_name, layout: formatPlanLayout(plan) };
}

/** The last change to the cache file this process started: changes are made one after another, none lost. */
let changing: Promise<void> = Promise.resolve();

/** Changes the profile's cache file. Never fails the command: a cache that cannot be written is only reported with --debug. */
function updateCache(ctx: CommandContext, change: (cache: CommunityCache) => void): Promise<void> {
  if (ctx.globals.local) return Promise.resolve();
  changing = changing.then(() => changeCache(ctx, change));
  return changing;
}

async function changeCache(ctx: CommandContext, change: (cache: CommunityCache) => void): Promise<void> {
  try {
    const { resolveConnection } = await import('./config.js');
    const { profile, baseUrl } = resolveConnection({ flags: { profile: ctx.globals.profile }, env: ctx.env, store: await ctx.config() });
    if (!baseUrl) return;
    const cache = readCommunityCache(ctx.env, profile, baseUrl) ?? { base_url: baseUrl, communities: [], comps: {}, floor_plans: {} };
    change(cache);
    const path = communityCachePath(ctx.env, profile);
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    const { writeState } = await import('./state-file.js');
    await writeState(path, cache);
  } catch (error) {
    ctx.log.debug(`could not update the completion cache: ${(error as Error).message}`);
  }
}
