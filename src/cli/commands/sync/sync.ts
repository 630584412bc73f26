import type { DatasetInput } from '../../../api/dataset.js';
import { SpecId } from '../../../api/reading.js';
import type { ReadOf } from '../../../api/endpoints.js';
import { periodOf } from '../../period.js';
import { spinner } from '../../../output/messages.js';
import { countOf } from '../../../output/text.js';
import type { Handler } from '../../command.js';
import { eachLimited } from '../../concurrency.js';
import type { CommandContext } from '../../context.js';
import { ApiError, CliError, ExitCode, UsageError } from '../../errors.js';
import { describeIssues, type ApiClient } from '../../http/client.js';
import { isStoreConflict, withLocalStore } from '../local/store.js';
import { organizationSwitch, saySwitched } from '../local/organizations.js';
import { StoreError } from '../../../server/store/errors.js';
import { SYNC_DAYS, type sync } from './index.js';

type PricingRecord = ReadOf<'getPricingHistory'>['pricing'][number];
type CommunityRecord = ReadOf<'listCommunities'>['communities'][number];
type Person = NonNullable<CommunityRecord['community_manager']>;

/** The local store knows two statuses; a value another service added reads as active. */
const storedStatus = (status: string) => (status === 'inactive' ? ('inactive' as const) : ('active' as const));

/** Community records need communities:read; without it sync still works from the pricing views. */
async function communityRecords(api: ApiClient): Promise<Map<string, CommunityRecord>> {
  const records = new Map<string, CommunityRecord>();
  try {
    let total = Infinity;
    while (records.size < total) {
      const before = records.size;
      const { data } = await api.call('listCommunities', { query: { limit: 100, offset: records.size } });
      for (const record of data.communities) records.set(record.id, record);
      total = data.total;
      // Nothing new: the last page, or a service that ignores offset. Never loop on `total` alone.
      if (records.size === before) break;
    }
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403)) throw error;
  }
  return records;
}

/**
 * Mirrors what a remote profile can read into the local store, as one
 * organization, so that `--local` works offline on real data. Remote ids are
 * kept, so a second sync updates the same records.
 */
export const run: Handler<typeof sync> = async (ctx, opts) => {
  if (ctx.globals.local) {
    const { describeLocalSource } = await import('../../local-mode.js');
    const why = describeLocalSource(ctx.globals.localMode, ctx.globals.profile ?? 'default', ctx.env);
    throw new UsageError(
      `sync copies a remote profile into the local store, and this run is local (${why})`,
      ctx.globals.localMode.source === 'flag' ? 'drop --local' : 'add --no-local, or --profile <a profile saved by login --base-url>',
    );
  }
  const period = periodOf(opts, ctx.today(), SYNC_DAYS);
  const { end } = period;
  const start = period.start as string;
  const api = await ctx.api();
  const organization = opts.org ?? `${ctx.globals.profile ?? 'default'} @ ${new URL(api.target).host}`;

  const progress = await spinner(ctx.io, `Reading the portfolio from ${api.target}…`, { quiet: ctx.globals.quiet });
  progress.start();
  try {
    const dataset = await readRemote(ctx, api, { start, end, organization, onProgress: (text) => (progress.text = text) });
    progress.text = 'Writing the local store…';
    // A sync is asked for to work offline on this profile, so it does not ask before --local
    // changes organization; it says so, with the way back (docs/api-decisions.md).
    let leaving: { name: string } | undefined;
    const summary = await withLocalStore(
      ctx,
      async (store) => {
        leaving = organizationSwitch(store, organization);
        const { Dataset } = await import('../../../api/dataset.js');
        const parsed = Dataset.safeParse(dataset);
        if (!parsed.success)
          throw new CliError(
            `what ${api.target} sent cannot be stored locally: ${describeIssues(parsed.error)}`,
            ExitCode.failure,
            'the local store keeps what the embedded service could serve; see docs/import-format.md',
          );
        const result = importInto(ctx, () => store.imports.importDataset(parsed.data));
        const organizationId = store.accounts.organizationByName(organization)?.id;
        if (organizationId) store.accounts.setDefaultOrganization(organizationId);
        return result;
      },
      { seed: 'empty' },
    );
    progress.succeed(
      `Synced ${countOf(summary.communities, 'community', 'communities')}, ${countOf(summary.floor_plans, 'floor plan')} and ${countOf(summary.observations, 'observation')} ` +
        `(${start} to ${end}) into ${ctx.globals.dataDir} as "${organization}"${leaving ? '.' : '; --local now reads it.'}`,
    );
    if (leaving) saySwitched(ctx, leaving.name, organization);
  } catch (error) {
    progress.fail('Sync failed; the local store is unchanged');
    throw error;
  }
};

/**
 * The store refuses ids that another organization of the local store already holds:
 * typically a store with the demo data, synced from a `serve` of the same demo data.
 * Say so, and what to do, rather than pass the store's error on as a bug.
 */
function importInto<T>(ctx: CommandContext, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    const dir = ctx.globals.dataDir;
    const clash = /^(\w[\w ]*?) id (\S+)(?: \([^)]*\))? belongs to another organization/.exec(error.message);
    if (isStoreConflict(error) && clash)
      throw new CliError(
        `the local store in ${dir} already holds ${clash[1]} ${clash[2]}, under another organization: the remote ` +
          `serves records with the same ids (the same demo data, or a store synced from it)`,
        ExitCode.conflict,
        `sync into a folder of its own with --data-dir <dir> (then read it with --local --data-dir <dir>), ` +
          `or empty this one first with \`rentsurvey local reset --empty\` (that deletes the local data in ${dir})`,
      );
    throw new CliError(`what was read cannot be stored locally: ${error.message}`, isStoreConflict(error) ? ExitCode.conflict : ExitCode.failure);
  }
}

async function readRemote(
  ctx: CommandContext,
  api: ApiClient,
  options: { start: string; end: string; organization: string; onProgress: (text: string) => void },
): Promise<DatasetInput> {
  const { data: portfolio } = await api.call('getPortfolio', { query: { include_comp_count: false } });
  const subjects = portfolio.communities;
  const records = await communityRecords(api);
  const ids = [...subjects.map((s) => s.id)];
  const comps = new Map<string, ReadOf<'listComps'>['comps']>();
  let done = 0;
  await eachLimited(subjects, 4, async (subject) => {
    comps.set(subject.id, (await api.call('listComps', { params: { id: subject.id }, query: { include_inactive: true } })).data.comps);
    options.onProgress(`Reading comparables… ${++done}/${subjects.length}`);
  });
  const compIds = [...new Set([...comps.values()].flat().map((c) => c.id))].filter((id) => !ids.includes(id));
  const everyone = [...ids, ...compIds];

  // Addresses, zip codes and coordinates, 50 ids a request.
  const places = new Map<string, ReadOf<'batchCommunities'>['communities'][number]>();
  for (let i = 0; i < everyone.length; i += 50) {
    const { data } = await api.call('batchCommunities', { query: { ids: everyone.slice(i, i + 50).join(',') } });
    for (const place of data.communities) places.set(place.id, place);
  }

  const plans = new Map<string, ReadOf<'listFloorPlans'>['floor_plans']>();
  const history = new Map<string, PricingRecord[]>();
  done = 0;
  await eachLimited(everyone, 4, async (id) => {
    plans.set(id, (await api.call('listFloorPlans', { params: { id } })).data.floor_plans);
    history.set(
      id,
      (await api.call('getPricingHistory', { params: { id }, query: { start_date: options.start, end_date: options.end } })).data.pricing,
    );
    options.onProgress(`Reading floor plans and pricing… ${++done}/${everyone.length}`);
  });

  const people = new Map<string, Person>();
  for (const record of records.values())
    for (const person of [record.community_manager, record.asset_manager, record.leasing_manager, ...record.other_team_members])
      if (person) people.set(person.email.toLowerCase(), person);

  const missingZip = everyone.filter((id) => !places.get(id)?.zipcode);
  if (missingZip.length > 0)
    ctx.log.warn(`${countOf(missingZip.length, 'comparable')} came without a zip code; stored as 00000 (the service did not return them in batch)`);

  const community = (id: string, managed: boolean): NonNullable<DatasetInput['communities']>[number] => {
    const place = places.get(id);
    const record = records.get(id);
    const comp = [...comps.values()].flat().find((c) => c.id === id);
    const name = place?.name ?? record?.name ?? subjects.find((s) => s.id === id)?.name ?? comp?.name ?? id;
    return {
      key: id,
      id,
      managed,
      name,
      address: place?.address ?? record?.address ?? comp?.address ?? name,
      zipcode: place?.zipcode ?? record?.zipcode ?? comp?.zipcode ?? '00000',
      ...(place?.latitude != null && place.longitude != null ? { latitude: place.latitude, longitude: place.longitude } : {}),
      ...((place?.external_community_id ?? record?.external_community_id)
        ? { external_community_id: (place?.external_community_id ?? record?.external_community_id) as string }
        : {}),
      ...((place?.website_url ?? record?.website_url) ? { website_url: (place?.website_url ?? record?.website_url) as string } : {}),
      ...(record?.email ? { email: record.email } : {}),
      ...(record ? { status: storedStatus(record.status) } : {}),
      ...(record?.community_manager ? { community_manager_email: record.community_manager.email } : {}),
      ...(record?.asset_manager ? { asset_manager_email: record.asset_manager.email } : {}),
      ...(record?.leasing_manager ? { leasing_manager_email: record.leasing_manager.email } : {}),
      ...(record && record.other_team_members.length > 0
        ? { other_team_members_emails: record.other_team_members.map((p) => p.email) }
        : {}),
    };
  };

  // A survey is one date of one subject: its own records of that date and its comparables'.
  const surveys: NonNullable<DatasetInput['surveys']> = [];
  for (const subject of subjects) {
    const members = [subject.id, ...(comps.get(subject.id) ?? []).map((c) => c.id)];
    const byDate = new Map<string, PricingRecord[]>();
    for (const record of history.get(subject.id) ?? []) byDate.set(record.as_of_date, [...(byDate.get(record.as_of_date) ?? []), record]);
    for (const compId of members.slice(1))
      for (const record of history.get(compId) ?? [])
        if (byDate.has(record.as_of_date)) byDate.get(record.as_of_date)?.push(record);
    for (const [date, observed] of [...byDate].sort(([a], [b]) => a.localeCompare(b)))
      surveys.push({
        subject: subject.id,
        date,
        observations: observed.map((r) => ({
          floor_plan: r.floor_plan_id,
          market_rent_cents: r.market_rent_cents,
          net_effective_rent_cents: Math.min(r.net_effective_rent_cents, r.market_rent_cents),
          units_available: r.units_available,
          concessions: r.concessions,
        })),
      });
  }

  if (subjects.length === 0) throw new CliError('the remote portfolio is empty: nothing to sync', ExitCode.notFound);
  return {
    organization: options.organization,
    users: [...people.values()].map((p) => ({
      // Another service's user ids need not be UUIDs: those users get local ids.
      ...(SpecId.safeParse(p.id).success ? { id: p.id } : {}),
      email: p.email,
      full_name: p.full_name,
      role: p.role === 'admin' ? ('admin' as const) : ('member' as const),
      status: storedStatus(p.status),
    })),
    communities: [...ids.map((id) => community(id, true)), ...compIds.map((id) => community(id, false))],
    comps: subjects.flatMap((s) =>
      (comps.get(s.id) ?? []).map((c) => ({
        subject: s.id,
        comp: c.id,
        ...(c.distance_miles !== null ? { distance_miles: c.distance_miles } : {}),
        is_included_in_surveys: c.is_included_in_surveys,
      })),
    ),
    floor_plans: everyone.flatMap((id) =>
      (plans.get(id) ?? []).map((p) => ({
        key: p.id,
        id: p.id,
        community: id,
        floor_plan_name: p.floor_plan_name,
        bedrooms: p.bedrooms,
        bathrooms: p.bathrooms,
        // The dataset needs positive sizes; a service that does not know one sends 0.
        square_feet: Math.max(1, p.square_feet),
        unit_count: Math.max(1, p.unit_count),
      })),
    ),
    surveys,
  };
}
