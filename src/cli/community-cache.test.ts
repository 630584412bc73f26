import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestIO } from '../output/io.js';
import { createLogger } from '../output/messages.js';
import { communityCachePath, readCommunityCache, rememberCommunities, rememberFloorPlans } from './community-cache.js';
import { openConfigStore } from './config.js';
import { createContext } from './context.js';
import { resolveGlobals, type GlobalFlags } from './globals.js';

let root: string;
let env: NodeJS.ProcessEnv;
const URL_A = 'http://127.0.0.1:8787';

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'rentsurvey-cache-'));
  env = { XDG_CONFIG_HOME: join(root, 'config'), XDG_CACHE_HOME: join(root, 'cache') };
  const store = await openConfigStore({ configDir: join(root, 'config', 'rentsurvey') });
  await store.setProfile('default', { base_url: URL_A, api_key: 'rsk_test_key_0123456789' });
  await store.setProfile('staging', { base_url: 'http://staging.example', api_key: 'rsk_test_key_0123456789' });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function context(flags: Partial<GlobalFlags> = {}, overrides: NodeJS.ProcessEnv = {}) {
  const io = createTestIO();
  const merged = { ...env, ...overrides };
  const ctx = createContext({ io, log: createLogger(io, { debug: true }), globals: resolveGlobals(flags, merged), env: merged });
  return { ctx, io };
}

const barton = { id: 'd6137064-260f-849b-bd6b-0af956392f35', name: 'Barton Creek Terrace', external_community_id: 'TT-001' };
const hills = { id: 'ea331d1b-7b97-876b-83c7-e1cea0a13474', name: 'Barton Hills', external_community_id: null };
const oak = { id: '6e2d2a45-517f-8a21-a208-713322f6579a', name: 'Oak Flats' };

describe('rememberCommunities', () => {
  it('writes what a command listed to the profile’s cache file, with the base URL it came from', async () => {
    await rememberCommunities(context().ctx, [barton, hills], { whole: true });
    const path = communityCachePath(env, 'default');
    expect(path).toBe(join(root, 'cache', 'rentsurvey', 'communities.default.json'));
    expect(statSync(join(root, 'cache', 'rentsurvey')).mode & 0o777).toBe(0o700);
    expect(readCommunityCache(env, 'default', URL_A)).toEqual({ base_url: URL_A, communities: [barton, hills], comps: {}, floor_plans: {} });
  });

  it('replaces the list with a whole portfolio, adds a page or a search to it, keeps comparables by subject', async () => {
    const { ctx } = context();
    await rememberCommunities(ctx, [barton, hills], { whole: true });
    await rememberCommunities(ctx, [{ ...hills, name: 'Barton Hills East' }]);
    await rememberCommunities(ctx, [oak], { subjectId: barton.id });
    expect(readCommunityCache(env, 'default', URL_A)).toMatchObject({
      communities: [barton, { ...hills, name: 'Barton Hills East' }],
      comps: { [barton.id]: [{ ...oak, external_community_id: null }] },
    });
    await rememberCommunities(ctx, [hills], { whole: true });
    expect(readCommunityCache(env, 'default', URL_A)?.communities).toEqual([hills]);
  });

  it('keeps a community’s floor plans (all of them: a new list replaces the old), beside its communities', async () => {
    const { ctx } = context();
    await rememberCommunities(ctx, [barton], { whole: true });
    const a1 = { id: '0c5f3b8e-1d2a-4c3b-9e4f-5a6b7c8d9e01', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 735 };
    const studio = { id: '0c5f3b8e-1d2a-4c3b-9e4f-5a6b7c8d9e02', floor_plan_name: 'S', bedrooms: 0, bathrooms: 1, square_feet: 480 };
    await rememberFloorPlans(ctx, barton.id, [a1, studio]);
    expect(readCommunityCache(env, 'default', URL_A)).toMatchObject({
      communities: [barton],
      floor_plans: {
        [barton.id]: [
          { id: a1.id, name: 'A1', layout: '1 BR / 1 BA, 735 sq ft' },
          { id: studio.id, name: 'S', layout: 'Studio / 1 BA, 480 sq ft' },
        ],
      },
    });
    await rememberFloorPlans(ctx, barton.id, [a1]);
    expect(readCommunityCache(env, 'default', URL_A)?.floor_plans[barton.id]).toHaveLength(1);
    // A file written before floor plans were kept reads with none.
    const path = communityCachePath(env, 'default');
    writeFileSync(path, JSON.stringify({ base_url: URL_A, communities: [barton], comps: {} }));
    expect(readCommunityCache(env, 'default', URL_A)?.floor_plans).toEqual({});
  });

  it('keeps one file per profile, chosen by flag or environment', async () => {
    await rememberCommunities(context({ profile: 'staging' }).ctx, [barton], { whole: true });
    await rememberCommunities(context({}, { RENTSURVEY_PROFILE: 'staging' }).ctx, [hills]);
    expect(readCommunityCache(env, 'staging', 'http://staging.example')?.communities).toEqual([barton, hills]);
    expect(existsSync(communityCachePath(env, 'default'))).toBe(false);
  });

  it('reads nothing back for another service than the one the file came from', async () => {
    await rememberCommunities(context().ctx, [barton], { whole: true });
    expect(readCommunityCache(env, 'default', 'http://other.example')).toBeUndefined();
    // Pointed elsewhere by the environment, the profile starts a new file.
    await rememberCommunities(context({}, { RENTSURVEY_BASE_URL: 'http://other.example' }).ctx, [hills], { whole: true });
    expect(readCommunityCache(env, 'default', 'http://other.example')?.communities).toEqual([hills]);
    expect(readCommunityCache(env, 'default', URL_A)).toBeUndefined();
  });

  it('writes nothing with --local (TAB reads the store) or without a service', async () => {
    await rememberCommunities(context({ local: true }).ctx, [barton], { whole: true });
    await rememberCommunities(context({ profile: 'nowhere' }).ctx, [barton], { whole: true });
    expect(existsSync(join(root, 'cache'))).toBe(false);
  });

  it('never fails the command: a cache it cannot write is said with --debug only', async () => {
    mkdirSync(join(root, 'cache'), { recursive: true });
    writeFileSync(join(root, 'cache', 'rentsurvey'), 'a file where the folder should be');
    const { ctx, io } = context();
    await expect(rememberCommunities(ctx, [barton], { whole: true })).resolves.toBeUndefined();
    expect(io.err()).toMatch(/could not update the completion cache/);
  });

  it('starts afresh from a file it cannot read', async () => {
    const path = communityCachePath(env, 'default');
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, '{ not json');
    expect(readCommunityCache(env, 'default', URL_A)).toBeUndefined();
    await rememberCommunities(context().ctx, [barton]);
    expect(JSON.parse(readFileSync(path, 'utf8')).communities).toEqual([barton]);
  });
});
