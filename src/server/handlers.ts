import { setImmediate } from 'node:timers/promises';
import type * as z from 'zod/mini';
import type { Endpoints, OperationId, ParamsOf, ResponseOf } from '../api/endpoints.js';
import { COMP_ACTIONS, splitIds } from '../api/rules.js';
import { addDays } from '../domain/dates.js';
import type { ServiceOptions } from './operations.js';
import { ServiceError } from './errors.js';
import { invitationExpiry } from './store/accounts.js';
import { StoreError, type Principal, type Store } from './store/index.js';

const analytics = () => import('./analytics.js');

type Output<O extends OperationId, K extends string> = Endpoints[O] extends Record<K, infer S extends z.ZodMiniType>
  ? z.output<S>
  : undefined;

export interface HandlerContext<O extends OperationId> {
  store: Store;
  principal: Principal;
  params: ParamsOf<O>;
  query: Output<O, 'query'>;
  body: Output<O, 'body'>;
  options: ServiceOptions;
}

type Handlers = {
  [O in OperationId]: (ctx: HandlerContext<O>) => ResponseOf<O> | Promise<ResponseOf<O>>;
};

function record(store: Store, organizationId: string, id: string) {
  const community = store.communities.recordById(organizationId, id);
  if (!community) throw new StoreError('not_found', `community ${id} not found`);
  return community;
}

/**
 * One function per operation of the endpoint table. Requests arrive validated
 * against src/api (ids already in lower case: the Id schema reads them so);
 * answers are checked against it before they leave.
 */
/** Subjects of a portfolio answered between two turns of the event loop (~10 ms of work each). */
const PORTFOLIO_SLICE = 100;

export const handlers: Handlers = {
  // A slice of subjects at a time, letting other requests run in between: a portfolio of
  // a thousand subjects would otherwise hold the event loop for a fifth of a second.
  getPortfolio: async ({ store, principal, query }) => {
    const subjects = store.pricing.portfolioSubjects(principal.organizationId);
    const communities = [];
    for (let start = 0; start < subjects.length; start += PORTFOLIO_SLICE) {
      if (start > 0) await setImmediate();
      communities.push(...store.pricing.portfolioEntries(subjects.slice(start, start + PORTFOLIO_SLICE), query));
    }
    return { communities, total: communities.length };
  },

  // splitIds folds duplicates whatever their case, keeping the first spelling.
  batchCommunities: ({ store, principal, query }) =>
    store.pricing.batch(principal.organizationId, splitIds(query.ids), query.include_comps),

  getCommunityDetail: ({ store, principal, params, query }) =>
    store.pricing.detail(principal.organizationId, params.id, query),

  listComps: ({ store, principal, params, query }) => store.pricing.comps(principal.organizationId, params.id, query),

  getPricingHistory: ({ store, principal, params, query }) => {
    const today = store.now().slice(0, 10);
    // An explicit range wins; a lone end date takes `days` before it; otherwise the last `days` days.
    const end = query.end_date ?? today;
    const start = query.start_date ?? addDays(end, -(query.days - 1));
    if (start > end)
      throw new StoreError('validation_error', `start_date ${start} is after the end of the range (${end})`, [
        { path: 'start_date', message: `after ${end}` },
      ]);
    const latestAnywhere = query.latest_only && !query.start_date && !query.end_date;
    const answer = store.pricing.history(principal.organizationId, params.id, {
      start: latestAnywhere ? '0000-01-01' : start,
      end,
      floorPlanId: query.floor_plan_id,
      latestOnly: query.latest_only,
    });
    // Latest-only without dates reaches back as far as needed: report the span actually returned.
    if (latestAnywhere) answer.date_range.start = answer.pricing[0]?.as_of_date ?? end;
    return answer;
  },

  listFloorPlans: ({ store, principal, params }) => store.pricing.floorPlans(principal.organizationId, params.id),

  // The analytics (and the rent math under them) load with the first request that needs them, not with the service.
  getVacancy: async ({ store, principal, params }) => (await analytics()).vacancy(store, principal.organizationId, params.id),

  getOverview: async ({ store, principal, params }) => (await analytics()).overview(store, principal.organizationId, params.id),

  getVacancyTrend: async ({ store, principal, params, query }) =>
    (await analytics()).vacancyTrend(store, principal.organizationId, params.id, query),

  addComp: async ({ store, principal, params, body }) => {
    const subjectId = params.id;
    const { compId, jobs } = store.comparables.addComp(principal.organizationId, subjectId, body);
    const enrichment = jobs.find((job) => job.kind === 'enrichment');
    // The comparable is committed: a failed enrichment fails its job, not the request (a retry would be a 409).
    if (enrichment)
      await (await import('./jobs.js')).runEnrichment(store, {
        organizationId: principal.organizationId,
        jobId: enrichment.id,
        compId,
        subjectId,
        zipcode: body.zipcode,
      }).catch((error: unknown) => store.jobs.finish(enrichment.id, 'failed', `enrichment failed: ${String(error)}`));
    return {
      success: true,
      comp_id: compId,
      // The spec's service starts collecting its pricing; this one has no collector (its pricing job stays queued).
      message: `${body.name} added as a comparable; no collector runs on this service: its surveys come from \`rentsurvey local import\` or \`rentsurvey sync\``,
      actions: [...COMP_ACTIONS],
    };
  },

  updateComp: ({ store, principal, params, body }) => {
    const { changed } = store.comparables.setCompIncluded(
      principal.organizationId,
      params.id,
      params.comp_id,
      body.is_included_in_surveys,
    );
    const state = body.is_included_in_surveys ? 'included in future surveys' : 'excluded from future surveys';
    return {
      success: true,
      comp_id: params.comp_id,
      is_included_in_surveys: body.is_included_in_surveys,
      message: changed ? `comparable ${state}` : `comparable already ${state}`,
    };
  },

  inviteUser: async ({ store, principal, body, options }) => {
    const email = body.email.toLowerCase();
    const org = principal.organizationId;
    const expiresAt = invitationExpiry(store.now());
    const { id, token } = store.accounts.createInvitation({
      organizationId: org,
      email,
      name: body.name,
      role: body.role,
      invitedBy: principal.userId,
      expiresAt,
    });
    const inviteUrl = `${options.appUrl.replace(/\/+$/, '')}/invitations/${token}`;
    let delivery: string;
    try {
      delivery = await options.mailer.send({
        id,
        to: email,
        subject: 'You are invited to rentsurvey',
        text: [
          `Hello ${body.name},`,
          '',
          `You have been invited to join your team on rentsurvey as ${body.role === 'admin' ? 'an admin' : 'a member'}.`,
          `Accept the invitation and create your account here (valid until ${expiresAt}):`,
          '',
          inviteUrl,
          '',
        ].join('\n'),
      });
    } catch (error) {
      // An invitation nobody received must not block inviting the same e-mail again (409).
      // The mail server's own words stay out of the answer (they describe our network, not the request): the log has them.
      store.accounts.deleteInvitation(id);
      throw new ServiceError(
        502,
        'mail_failed',
        `the invitation e-mail to ${email} could not be sent; nothing was kept, try again later`,
        error instanceof Error ? error.message : String(error),
      );
    }
    store.accounts.recordEmail(org, email, 'invitation', delivery);
    return {
      success: true,
      message: `invitation sent to ${email}`,
      invitation: { id, email, name: body.name, role: body.role, status: 'pending', expires_at: expiresAt, invite_url: inviteUrl },
    };
  },

  getUser: ({ store, principal, params }) => {
    const user = store.accounts.userById(principal.organizationId, params.id);
    if (!user) throw new StoreError('not_found', `user ${params.id} not found`);
    const { organization_id: _, ...rest } = user;
    return rest;
  },

  // Our extension (docs/api-decisions.md, "Users by e-mail"): no match is an empty page, never a 404.
  listUsers: ({ store, principal, query }) => store.accounts.listUsers(principal.organizationId, query),

  updateUser: ({ store, principal, params, body }) => {
    const { organization_id: _, ...user } = store.accounts.updateUser(principal.organizationId, params.id, body);
    return user;
  },

  listCommunities: ({ store, principal, query }) => store.communities.list(principal.organizationId, query),

  createCommunity: ({ store, principal, body }) => {
    const id = store.communities.create(principal.organizationId, body, { managed: true });
    return record(store, principal.organizationId, id);
  },

  updateCommunity: ({ store, principal, params, body }) => {
    store.communities.update(principal.organizationId, params.id, body);
    return record(store, principal.organizationId, params.id);
  },
};
