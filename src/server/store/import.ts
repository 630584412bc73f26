import { crypto, timeOrderedUuid } from './crypto.js';
import type { Dataset } from '../../api/dataset.js';
import { MAX_ACTIVE_COMPS } from '../../api/rules.js';
import type { ErrorDetail } from '../../api/schemas/errors.js';
import { monthlyConcessionCents, netEffectiveRentCents } from '../../domain/concessions.js';
import { addDays } from '../../domain/dates.js';
import { VACANCY_WINDOW_DAYS } from '../../domain/vacancy.js';
import type { AccountsStore } from './accounts.js';
import type { CommunitiesStore } from './communities.js';
import type { Database } from './db.js';
import { StoreError } from './errors.js';

/**
 * Ids of records imported by key are derived from (organization, kind, key),
 * so importing the same file again updates the same records instead of
 * duplicating them. An explicit `id` in the file wins.
 */
export function keyId(organization: string, kind: string, key: string): string {
  const hex = crypto().createHash('sha256').update(`${organization.toLowerCase()}\u0000${kind}\u0000${key}`).digest('hex');
  // RFC 9562 version 8 (custom) layout.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One row of the observations CSV, validated; `line` is its line in the file, for messages. */
export interface ObservationCsvRow {
  line: number;
  subject_key: string;
  date: string;
  floor_plan_key: string;
  market_rent_cents: number;
  net_effective_rent_cents?: number | undefined;
  units_available: number;
  concessions: string;
}

/** Observations whose concession text could not be valued (no NER recorded below asking): kept as written, NER at asking. */
interface UnvaluedConcessions {
  observations: number;
  /** The distinct texts, most frequent first, with how many observations carry each. */
  texts: Array<{ text: string; observations: number }>;
}

export interface ImportSummary {
  organization: string;
  users: number;
  communities: number;
  /** Of which the organization's own (managed); the rest are market communities used as comparables. */
  managed: number;
  comps: number;
  floor_plans: number;
  surveys: number;
  observations: number;
  unvalued_concessions: UnvaluedConcessions;
}

/** Counts what the import could not value, by text. */
function unvaluedTally() {
  const byText = new Map<string, number>();
  return {
    add(o: { market_rent_cents: number; net_effective_rent_cents?: number | undefined; concessions: string }) {
      if (monthlyConcessionCents(o.market_rent_cents, o.net_effective_rent_cents ?? null, o.concessions) === null)
        byText.set(o.concessions, (byText.get(o.concessions) ?? 0) + 1);
    },
    result(): UnvaluedConcessions {
      const texts = [...byText].map(([text, observations]) => ({ text, observations }));
      texts.sort((a, b) => b.observations - a.observations || a.text.localeCompare(b.text));
      return { observations: texts.reduce((sum, t) => sum + t.observations, 0), texts };
    },
  };
}

/** SQLite's lower(): ASCII letters only, as ids are compared in SQL. */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

const invalid = (details: ErrorDetail[]) =>
  new StoreError('validation_error', `${details[0]?.path}: ${details[0]?.message}`, details);

/** Checks the references between the file's sections; returns the first problems with their JSON paths. */
export function checkReferences(dataset: Dataset): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const communities = new Map(dataset.communities.map((c) => [c.key, c]));
  const emails = new Set(dataset.users.map((u) => u.email.toLowerCase()));
  const seen = new Set<string>();
  const externalIds = new Map<string, string>();
  dataset.communities.forEach((c, i) => {
    if (seen.has(c.key)) problems.push({ path: `communities.${i}.key`, message: `duplicate key ${c.key}` });
    seen.add(c.key);
    if (c.external_community_id !== undefined) {
      const other = externalIds.get(c.external_community_id);
      if (other !== undefined)
        problems.push({ path: `communities.${i}.external_community_id`, message: `${c.external_community_id} is also used by ${other}` });
      externalIds.set(c.external_community_id, c.key);
    }
    for (const field of ['community_manager_email', 'asset_manager_email', 'leasing_manager_email'] as const) {
      const email = c[field];
      if (email && !emails.has(email.toLowerCase()))
        problems.push({ path: `communities.${i}.${field}`, message: `no user ${email} in users` });
    }
    c.other_team_members_emails?.forEach((email, j) => {
      if (!emails.has(email.toLowerCase()))
        problems.push({ path: `communities.${i}.other_team_members_emails.${j}`, message: `no user ${email} in users` });
    });
  });
  const compsOf = new Map<string, Set<string>>();
  dataset.comps.forEach((link, i) => {
    const subject = communities.get(link.subject);
    if (!subject) problems.push({ path: `comps.${i}.subject`, message: `unknown community key ${link.subject}` });
    else if (!subject.managed)
      problems.push({ path: `comps.${i}.subject`, message: `${link.subject} is not a managed community` });
    if (!communities.has(link.comp)) problems.push({ path: `comps.${i}.comp`, message: `unknown community key ${link.comp}` });
    if (link.subject === link.comp) problems.push({ path: `comps.${i}.comp`, message: 'a community cannot be its own comparable' });
    const set = compsOf.get(link.subject) ?? new Set<string>();
    set.add(link.comp);
    compsOf.set(link.subject, set);
  });
  for (const subject of compsOf.keys()) {
    const active = dataset.comps.filter((l) => l.subject === subject && l.is_included_in_surveys).length;
    if (active > MAX_ACTIVE_COMPS)
      problems.push({ path: 'comps', message: `${subject} has ${active} active comparables; at most ${MAX_ACTIVE_COMPS}` });
  }
  const plans = new Map(dataset.floor_plans.map((p) => [p.key, p]));
  const planKeys = new Set<string>();
  const planNames = new Set<string>();
  dataset.floor_plans.forEach((p, i) => {
    if (planKeys.has(p.key)) problems.push({ path: `floor_plans.${i}.key`, message: `duplicate key ${p.key}` });
    planKeys.add(p.key);
    const name = `${p.community}\u0000${p.floor_plan_name.toLowerCase()}`;
    if (planNames.has(name))
      problems.push({ path: `floor_plans.${i}.floor_plan_name`, message: `${p.community} already has a floor plan named ${p.floor_plan_name}` });
    planNames.add(name);
    if (!communities.has(p.community)) problems.push({ path: `floor_plans.${i}.community`, message: `unknown community key ${p.community}` });
  });
  const surveyKeys = new Set<string>();
  dataset.surveys.forEach((survey, i) => {
    const subject = communities.get(survey.subject);
    if (!subject) problems.push({ path: `surveys.${i}.subject`, message: `unknown community key ${survey.subject}` });
    else if (!subject.managed) problems.push({ path: `surveys.${i}.subject`, message: `${survey.subject} is not a managed community` });
    const surveyKey = `${survey.subject}@${survey.date}`;
    if (surveyKeys.has(surveyKey))
      problems.push({ path: `surveys.${i}.date`, message: `a second survey of ${survey.subject} on ${survey.date}` });
    surveyKeys.add(surveyKey);
    const allowed = new Set([survey.subject, ...(compsOf.get(survey.subject) ?? [])]);
    const observedPlans = new Set<string>();
    survey.observations.forEach((o, j) => {
      const plan = plans.get(o.floor_plan);
      const path = `surveys.${i}.observations.${j}`;
      if (!plan) problems.push({ path: `${path}.floor_plan`, message: `unknown floor plan key ${o.floor_plan}` });
      else if (!allowed.has(plan.community))
        problems.push({
          path: `${path}.floor_plan`,
          message: `${o.floor_plan} belongs to ${plan.community}, neither ${survey.subject} nor one of its comparables`,
        });
      if (observedPlans.has(o.floor_plan)) problems.push({ path: `${path}.floor_plan`, message: `${o.floor_plan} observed twice` });
      observedPlans.add(o.floor_plan);
      if (o.net_effective_rent_cents !== undefined && o.net_effective_rent_cents > o.market_rent_cents)
        problems.push({ path: `${path}.net_effective_rent_cents`, message: 'must not exceed market_rent_cents' });
    });
  });
  return problems.slice(0, 20);
}

/** The page cache of a streamed import, in KiB (SQLite's default is 2,000): see importObservationStream. */
const IMPORT_CACHE_KIB = 16_384;

/** Observations an import writes through the index by plan and date before it may drop it and build it again at its end. */
const REBUILD_AFTER = 100_000;

/** `find` with its answers kept, by its (string) argument: a row costs a map look-up. */
function remembered<R>(find: (key: string) => R): (key: string) => R {
  const known = new Map<string, R>();
  return (key) => {
    if (known.has(key)) return known.get(key) as R;
    const answer = find(key);
    known.set(key, answer);
    return answer;
  };
}

/** The same by two arguments, a `remembered` per first one: a row builds no key (nor an array of its arguments). */
function rememberedByPair<R>(find: (first: string, second: string) => R): (first: string, second: string) => R {
  const byFirst = remembered((first: string) => remembered((second: string) => find(first, second)));
  return (first, second) => byFirst(first)(second);
}

export function importStore(db: Database, now: () => string, accounts: AccountsStore, communities: CommunitiesStore) {
  /**
   * Recounts the survey_vacancy rows of the given surveys from their
   * observations and availability (one pass, whatever was replaced): each
   * community a survey observed, with its units available within the window.
   */
  function refreshSurveyVacancy(surveys: Iterable<number>) {
    const seqs = JSON.stringify([...surveys]);
    if (seqs === '[]') return;
    db.run('DELETE FROM survey_vacancy WHERE survey_seq IN (SELECT value FROM json_each(?))', seqs);
    db.run(
      `INSERT INTO survey_vacancy (survey_seq, community_id, available_next_14_days)
       SELECT o.survey_seq, fp.community_id,
              COALESCE(SUM(CASE WHEN a.available_from <= date(s.survey_date, :window) THEN a.units END), 0)
         FROM observations o
         JOIN surveys s ON s.seq = o.survey_seq
         JOIN floor_plans fp ON fp.seq = o.floor_plan_seq
         LEFT JOIN observation_availability a ON a.survey_seq = o.survey_seq AND a.floor_plan_seq = o.floor_plan_seq
        WHERE o.survey_seq IN (SELECT value FROM json_each(:seqs))
        GROUP BY o.survey_seq, fp.community_id`,
      { seqs, window: `+${VACANCY_WINDOW_DAYS} days` },
    );
  }

  /**
   * Writes one import's observations, inside its transaction. What a bulk import costs is
   * kept to each row's own writes:
   * - observations are keyed by the survey's and the plan's numbers in the store (seq): a
   *   survey the import makes gets the next number, so that the observations of one survey
   *   after another are written at the end of the table, where the pages are in memory;
   * - a new observation of such a survey has no availability to replace, and is one statement:
   *   when its availability is its units on the survey date (every row of a CSV), nothing more
   *   is written (see the observation_availability view);
   * - its 14-day vacancy is summed as the rows go, per community, and written when the
   *   import moves on to another survey (counting it from the tables at the end costs more
   *   than the rows: a join and a sort of them all); surveys that were in the store before,
   *   or whose observation the import replaced, are recounted from the tables at the end;
   * - the index of observations by floor plan and date, where every survey writes into a
   *   page of each plan's, is dropped once the import has written as many observations as
   *   the store held (and REBUILD_AFTER at least), and built again, sorted, at its end: the
   *   import costs its rows and the index's size once, not a page written for every row.
   *   The schema change is inside the import's transaction, as all of it.
   */
  function observationWriter() {
    const made = new Set<number>();
    const recount = new Set<number>();
    const held = db.get<{ rows: number }>('SELECT count(*) AS rows FROM observations')?.rows ?? 0;
    let toRebuild = Math.max(REBUILD_AFTER, held);
    let rebuild: string | undefined;
    /** The vacancy being summed: a survey's communities, with their units available within the window. */
    let summing: { survey: number; by: string; byCommunity: Map<string, number> } | undefined;

    const flush = () => {
      if (!summing) return;
      for (const [communityId, units] of summing.byCommunity)
        db.run(
          `INSERT INTO survey_vacancy (survey_seq, community_id, available_next_14_days) VALUES (?, ?, ?)
           ON CONFLICT (survey_seq, community_id) DO UPDATE SET available_next_14_days = available_next_14_days + excluded.available_next_14_days`,
          summing.survey,
          communityId,
          units,
        );
      summing = undefined;
    };

    return {
      /** The subject's survey of `date` (its seq), made when the store has none (with `id` when the file gives one). */
      survey(subjectId: string, date: string, id?: string): number {
        const existing = db.get<{ seq: number }>('SELECT seq FROM surveys WHERE subject_id = ? AND survey_date = ?', subjectId, date);
        if (existing) return existing.seq;
        const { seq } = db.get<{ seq: number }>(
          "INSERT INTO surveys (id, subject_id, survey_date, status, created_at) VALUES (?, ?, ?, 'completed', ?) RETURNING seq",
          id ?? timeOrderedUuid(),
          subjectId,
          date,
          now(),
        )!;
        made.add(seq);
        return seq;
      },

      /** One observation. Without dated `availability` (a CSV row) its units count as available on the survey date. */
      write(
        survey: number,
        plan: { seq: number; community_id: string },
        date: string,
        o: { market_rent_cents: number; net_effective_rent_cents?: number | undefined; units_available: number; concessions: string },
        availability?: readonly { available_from: string; units: number }[],
      ) {
        const ner = o.net_effective_rent_cents ?? netEffectiveRentCents(o.market_rent_cents, o.concessions);
        const values = [survey, plan.seq, date, o.market_rent_cents, ner, o.units_available, o.concessions] as const;
        // A new survey's observation is new, unless the file gives the same plan twice.
        const added =
          made.has(survey) &&
          db.run(
            `INSERT OR IGNORE INTO observations (survey_seq, floor_plan_seq, observed_on, market_rent_cents, net_effective_rent_cents, units_available, concessions)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
            ...values,
          ).changes === 1;
        if (!added) {
          db.run('DELETE FROM availability WHERE survey_seq = ? AND floor_plan_seq = ?', survey, plan.seq);
          db.run(
            `INSERT INTO observations (survey_seq, floor_plan_seq, observed_on, market_rent_cents, net_effective_rent_cents, units_available, concessions)
             VALUES (?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (survey_seq, floor_plan_seq) DO UPDATE SET market_rent_cents = excluded.market_rent_cents,
               net_effective_rent_cents = excluded.net_effective_rent_cents, units_available = excluded.units_available,
               concessions = excluded.concessions`,
            ...values,
          );
          recount.add(survey);
        }
        // Only dated availability is written: without dates, the units are available on the survey date (observation_availability).
        const slots = availability?.length ? availability : undefined;
        for (const slot of slots ?? [])
          db.run(
            'INSERT INTO availability (survey_seq, floor_plan_seq, available_from, units) VALUES (?, ?, ?, ?)',
            survey,
            plan.seq,
            slot.available_from,
            slot.units,
          );
        if (--toRebuild === 0) {
          rebuild = db.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'observations_plan_date'")?.sql;
          if (rebuild) db.raw.exec('DROP INDEX observations_plan_date');
        }
        if (!added) return;
        if (summing?.survey !== survey) {
          flush();
          summing = { survey, by: addDays(date, VACANCY_WINDOW_DAYS), byCommunity: new Map() };
        }
        const { by } = summing;
        // Undated units are available on the survey date, within the window.
        const units = slots ? slots.reduce((sum, slot) => (slot.available_from <= by ? sum + slot.units : sum), 0) : o.units_available;
        summing.byCommunity.set(plan.community_id, (summing.byCommunity.get(plan.community_id) ?? 0) + units);
      },

      /** Writes the vacancy still being summed, recounts what could not be summed, and builds the index it dropped. */
      finish() {
        flush();
        refreshSurveyVacancy(recount);
        if (rebuild) db.raw.exec(rebuild);
      },
    };
  }

  /**
   * One observations import, row by row, inside the caller's transaction.
   * Resolved subjects, plans and surveys are remembered, so each row costs its
   * writes and little else. After the first problem nothing more is written;
   * the rest is only checked, to report up to `maxProblems` at once.
   */
  function observationImport(organizationId: string, maxProblems: number) {
    const org = db.get<{ name: string }>('SELECT name FROM organizations WHERE id = ?', organizationId)?.name ?? '';
    const problems: ErrorDetail[] = [];
    const touched = new Set<number>();
    const unvalued = unvaluedTally();
    const writer = observationWriter();
    let observations = 0;

    const subjectOf = remembered(
      (key: string) =>
        db.get<{ id: string }>(
          `SELECT id FROM communities WHERE organization_id = ? AND managed = 1
              AND (id = lower(?) OR external_community_id = ? OR id = ?)`,
          organizationId,
          key,
          key,
          keyId(org, 'community', key),
        )?.id ?? null,
    );
    type Plan = { seq: number; community_id: string };
    /**
     * The plans a subject's rows may name, read at once (one query a subject, not one a key):
     * its own and its comparables' by id, its own also by name.
     */
    const plansOf = remembered((subject: string) => {
      const rows = db.all<Plan & { id: string; floor_plan_name: string }>(
        `SELECT fp.seq, fp.id, fp.community_id, fp.floor_plan_name FROM floor_plans fp
          WHERE fp.community_id = :subject OR fp.community_id IN (SELECT comp_id FROM comps WHERE subject_id = :subject)`,
        { subject },
      );
      const byId = new Map<string, Plan>(rows.map(({ seq, id, community_id }) => [id, { seq, community_id }]));
      const ownByName = new Map<string, Plan>(rows.filter((p) => p.community_id === subject).map((p) => [p.floor_plan_name, byId.get(p.id)!]));
      return { byId, ownByName };
    });
    // A plan key resolves as a plan's id, the key of an earlier dataset import, or (the subject's own) a plan name.
    const planOf = rememberedByPair((subject: string, key: string): Plan | null => {
      const { byId, ownByName } = plansOf(subject);
      return byId.get(asciiLower(key)) ?? byId.get(keyId(org, 'floor_plan', key)) ?? ownByName.get(key) ?? null;
    });
    const surveyOf = rememberedByPair((subjectId: string, date: string) => writer.survey(subjectId, date));

    return {
      /** Checks and (while there is no problem) writes one row; false once enough problems are known. */
      add(row: ObservationCsvRow): boolean {
        const subjectId = subjectOf(row.subject_key);
        const plan = subjectId === null ? null : planOf(subjectId, row.floor_plan_key);
        if (subjectId === null)
          problems.push({ path: `line ${row.line}: subject_key`, message: `no managed community ${row.subject_key}` });
        else if (plan === null)
          problems.push({
            path: `line ${row.line}: floor_plan_key`,
            message: `no floor plan ${row.floor_plan_key} of ${row.subject_key} or its comparables`,
          });
        else if (row.net_effective_rent_cents !== undefined && row.net_effective_rent_cents > row.market_rent_cents)
          problems.push({ path: `line ${row.line}: net_effective_rent_cents`, message: 'must not exceed market_rent_cents' });
        else if (problems.length === 0) {
          const survey = surveyOf(subjectId, row.date);
          touched.add(survey);
          writer.write(survey, plan, row.date, row);
          unvalued.add(row);
        }
        observations++;
        return problems.length < maxProblems;
      },
      /** The summary; throws (so the transaction rolls back) when any row had a problem. */
      finish() {
        if (problems.length > 0) throw invalid(problems);
        writer.finish();
        return { surveys: touched.size, observations, unvalued_concessions: unvalued.result() };
      },
    };
  }

  return {
    /** Imports a validated dataset in one transaction: all of it or nothing. */
    importDataset(dataset: Dataset): ImportSummary {
      const problems = checkReferences(dataset);
      if (problems.length > 0) throw invalid(problems);
      const org = dataset.organization;
      return db.transaction(() => {
        const organizationId = accounts.ensureOrganization(org);
        for (const user of dataset.users) {
          const email = user.email.toLowerCase();
          // A user's key is its e-mail: the same file (the demo data too) gives the same ids in every store.
          accounts.upsertUser(organizationId, { ...user, email, id: user.id ?? keyId(org, 'user', email) });
        }
        const communityIds = new Map<string, string>();
        for (const c of dataset.communities) {
          const id = c.id ?? keyId(org, 'community', c.key);
          communityIds.set(c.key, id);
          const owner = db.get<{ organization_id: string; managed: number }>(
            'SELECT organization_id, managed FROM communities WHERE id = ?',
            id,
          );
          if (owner && owner.organization_id !== organizationId)
            throw new StoreError('conflict', `community id ${id} (${c.key}) belongs to another organization`);
          const { key: _key, id: _id, managed, ...fields } = c;
          if (owner) communities.update(organizationId, id, fields, { managed: owner.managed === 1 });
          else communities.create(organizationId, fields, { managed, id });
        }
        const at = now();
        for (const link of dataset.comps)
          db.run(
            `INSERT INTO comps (subject_id, comp_id, distance_miles, is_included_in_surveys, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (subject_id, comp_id) DO UPDATE SET distance_miles = excluded.distance_miles,
               is_included_in_surveys = excluded.is_included_in_surveys, updated_at = excluded.updated_at`,
            communityIds.get(link.subject) as string,
            communityIds.get(link.comp) as string,
            link.distance_miles ?? null,
            link.is_included_in_surveys ? 1 : 0,
            at,
            at,
          );
        const plans = new Map<string, { seq: number; community_id: string }>();
        for (const p of dataset.floor_plans) {
          const id = p.id ?? keyId(org, 'floor_plan', p.key);
          // An id may only name a plan of this organization (communities are checked the same way above).
          const planOwner = db.get<{ organization_id: string }>(
            'SELECT c.organization_id FROM floor_plans fp JOIN communities c ON c.id = fp.community_id WHERE fp.id = ?',
            id,
          );
          if (planOwner && planOwner.organization_id !== organizationId)
            throw new StoreError('conflict', `floor plan id ${id} (${p.key}) belongs to another organization`);
          const { seq } = db.get<{ seq: number }>(
            `INSERT INTO floor_plans (id, community_id, floor_plan_name, bedrooms, bathrooms, square_feet, unit_count, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (id) DO UPDATE SET floor_plan_name = excluded.floor_plan_name, bedrooms = excluded.bedrooms,
               bathrooms = excluded.bathrooms, square_feet = excluded.square_feet, unit_count = excluded.unit_count
             RETURNING seq`,
            id,
            communityIds.get(p.community) as string,
            p.floor_plan_name,
            p.bedrooms,
            p.bathrooms,
            p.square_feet,
            p.unit_count,
            at,
          )!;
          plans.set(p.key, { seq, community_id: communityIds.get(p.community) as string });
        }
        let observations = 0;
        const unvalued = unvaluedTally();
        const writer = observationWriter();
        for (const survey of dataset.surveys) {
          const surveySeq = writer.survey(communityIds.get(survey.subject) as string, survey.date, survey.id);
          for (const o of survey.observations) {
            writer.write(surveySeq, plans.get(o.floor_plan)!, survey.date, o, o.availability);
            unvalued.add(o);
            observations++;
          }
        }
        writer.finish();
        return {
          organization: org,
          users: dataset.users.length,
          communities: dataset.communities.length,
          managed: dataset.communities.filter((c) => c.managed).length,
          comps: dataset.comps.length,
          floor_plans: dataset.floor_plans.length,
          surveys: dataset.surveys.length,
          observations,
          unvalued_concessions: unvalued.result(),
        };
      });
    },

    /**
     * Imports observation rows (the CSV format) against communities and plans
     * already in the store, in one transaction. Keys resolve as an id, an
     * external_community_id, or the key of an earlier dataset import; plan keys
     * also as a plan name of the subject's own plans (a comparable's plan needs
     * its id or key). Rows that do not resolve are reported by line (the first
     * 20), and then nothing is written.
     */
    importObservations(organizationId: string, rows: Iterable<ObservationCsvRow>) {
      return db.transaction(() => {
        const session = observationImport(organizationId, 20);
        for (const row of rows) if (!session.add(row)) break;
        return session.finish();
      });
    },

    /**
     * The same for rows that arrive in batches (a CSV read as a stream): memory
     * stays flat however many. It stops at the first row that does not resolve,
     * so that the error names the first bad row whatever comes after it.
     * Meanwhile the connection's page cache is IMPORT_CACHE_KIB: with the default
     * 2 MB, a large import's changed pages are spilled to the WAL and read back
     * from it over and over (at 1,000 subjects ≈ 10 % of the import's CPU).
     */
    async importObservationStream(organizationId: string, batches: AsyncIterable<readonly ObservationCsvRow[]>) {
      const cacheSize = db.get<{ cache_size: number }>('PRAGMA cache_size')?.cache_size;
      db.raw.exec(`PRAGMA cache_size = -${IMPORT_CACHE_KIB}`);
      try {
        return await db.transactionAsync(async () => {
          const session = observationImport(organizationId, 1);
          reading: for await (const batch of batches) for (const row of batch) if (!session.add(row)) break reading;
          return session.finish();
        });
      } finally {
        if (cacheSize !== undefined) db.raw.exec(`PRAGMA cache_size = ${cacheSize}`);
      }
    },
  };
}
