/**
 * Versioned schema migrations, applied in order at open (PRAGMA user_version).
 * Never edit a released migration: append a new one.
 *
 * Money is integer cents, dates are 'YYYY-MM-DD', timestamps ISO 8601 UTC with
 * milliseconds, booleans 0/1.
 */
export const migrations: string[] = [
  `
  CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created_at TEXT NOT NULL
  );

  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    email TEXT NOT NULL COLLATE NOCASE,
    full_name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
    status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (organization_id, email)
  );

  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    user_id TEXT REFERENCES users(id),
    label TEXT NOT NULL,
    prefix TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  );

  CREATE TABLE invitations (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    email TEXT NOT NULL COLLATE NOCASE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'revoked', 'expired')),
    token_hash TEXT NOT NULL UNIQUE,
    invited_by TEXT REFERENCES users(id),
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX invitations_org_email ON invitations (organization_id, email);

  CREATE TABLE communities (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    managed INTEGER NOT NULL CHECK (managed IN (0, 1)),
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    zipcode TEXT NOT NULL,
    email TEXT,
    external_community_id TEXT,
    website_url TEXT,
    status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
    latitude REAL,
    longitude REAL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (organization_id, external_community_id)
  );
  CREATE INDEX communities_org_managed_name ON communities (organization_id, managed, name COLLATE NOCASE, id);

  CREATE TABLE community_team (
    community_id TEXT NOT NULL REFERENCES communities(id),
    user_id TEXT NOT NULL REFERENCES users(id),
    role TEXT NOT NULL CHECK (role IN ('community_manager', 'asset_manager', 'leasing_manager', 'team_member')),
    position INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (community_id, role, user_id)
  );

  CREATE TABLE comps (
    subject_id TEXT NOT NULL REFERENCES communities(id),
    comp_id TEXT NOT NULL REFERENCES communities(id),
    distance_miles REAL,
    is_included_in_surveys INTEGER NOT NULL CHECK (is_included_in_surveys IN (0, 1)),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (subject_id, comp_id),
    CHECK (subject_id <> comp_id)
  );
  CREATE INDEX comps_comp ON comps (comp_id);

  CREATE TABLE floor_plans (
    id TEXT PRIMARY KEY,
    community_id TEXT NOT NULL REFERENCES communities(id),
    floor_plan_name TEXT NOT NULL,
    bedrooms INTEGER NOT NULL,
    bathrooms REAL NOT NULL,
    square_feet INTEGER NOT NULL,
    unit_count INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (community_id, floor_plan_name)
  );

  -- A survey is one date for one subject; status 'completed' once its pricing is in.
  CREATE TABLE surveys (
    id TEXT PRIMARY KEY,
    subject_id TEXT NOT NULL REFERENCES communities(id),
    survey_date TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'completed')),
    created_at TEXT NOT NULL,
    UNIQUE (subject_id, survey_date)
  );

  -- observed_on repeats the survey date so that "latest pricing of a floor
  -- plan" is one index range, whichever subject's survey observed it.
  CREATE TABLE observations (
    survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
    floor_plan_id TEXT NOT NULL REFERENCES floor_plans(id),
    observed_on TEXT NOT NULL,
    market_rent_cents INTEGER NOT NULL,
    net_effective_rent_cents INTEGER NOT NULL,
    units_available INTEGER NOT NULL,
    concessions TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (survey_id, floor_plan_id)
  );
  CREATE INDEX observations_plan_date ON observations (floor_plan_id, observed_on);

  CREATE TABLE availability (
    survey_id TEXT NOT NULL,
    floor_plan_id TEXT NOT NULL,
    available_from TEXT NOT NULL,
    units INTEGER NOT NULL CHECK (units > 0),
    FOREIGN KEY (survey_id, floor_plan_id) REFERENCES observations(survey_id, floor_plan_id) ON DELETE CASCADE
  );
  CREATE INDEX availability_observation ON availability (survey_id, floor_plan_id);

  CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    kind TEXT NOT NULL CHECK (kind IN ('enrichment', 'pricing')),
    community_id TEXT NOT NULL REFERENCES communities(id),
    subject_id TEXT REFERENCES communities(id),
    status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
    detail TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE emails (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    delivery TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  `
  -- Store-wide settings, e.g. which organization the CLI's --local acts for.
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  `
  -- Per survey and each community it observed: the units available within the
  -- survey's 14-day vacancy window (the domain's VACANCY_WINDOW_DAYS and
  -- unitsAvailableBy), kept by the importer (refreshSurveyVacancy), so that a
  -- year of vacancy trend reads 11 rows per survey instead of every availability row.
  CREATE TABLE survey_vacancy (
    survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
    community_id TEXT NOT NULL,
    available_next_14_days INTEGER NOT NULL,
    PRIMARY KEY (survey_id, community_id)
  ) WITHOUT ROWID;
  INSERT INTO survey_vacancy (survey_id, community_id, available_next_14_days)
  SELECT o.survey_id, fp.community_id,
         COALESCE(SUM(CASE WHEN a.available_from <= date(s.survey_date, '+14 days') THEN a.units END), 0)
    FROM observations o
    JOIN surveys s ON s.id = o.survey_id
    JOIN floor_plans fp ON fp.id = o.floor_plan_id
    LEFT JOIN availability a ON a.survey_id = o.survey_id AND a.floor_plan_id = o.floor_plan_id
   GROUP BY o.survey_id, fp.community_id;
  `,
  `
  -- Observations, their availability and survey_vacancy keyed by integers: each survey and floor
  -- plan gets its number in the store (seq), and the tables of millions of rows hold those, not two
  -- 36-character ids in every row and index entry (the observations took 3× the space and twice the
  -- time to write; issue 35). Ids stay what the API and every other table use.
  --
  -- An observation's availability is written only when it is dated: one with no availability row
  -- has its units_available available on its survey's date (what a CSV row says), which the
  -- observation_availability view gives back. The rows that said only that are not copied.
  --
  -- Tables are rebuilt, new ones first, the old ones dropped children first: with foreign keys on,
  -- dropping a parent deletes its rows, and would cascade into a child still pointing at it.
  CREATE TABLE surveys_next (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    subject_id TEXT NOT NULL REFERENCES communities(id),
    survey_date TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'completed')),
    created_at TEXT NOT NULL,
    UNIQUE (subject_id, survey_date)
  );
  INSERT INTO surveys_next (id, subject_id, survey_date, status, created_at)
  SELECT id, subject_id, survey_date, status, created_at FROM surveys ORDER BY rowid;

  CREATE TABLE floor_plans_next (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    community_id TEXT NOT NULL REFERENCES communities(id),
    floor_plan_name TEXT NOT NULL,
    bedrooms INTEGER NOT NULL,
    bathrooms REAL NOT NULL,
    square_feet INTEGER NOT NULL,
    unit_count INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (community_id, floor_plan_name)
  );
  INSERT INTO floor_plans_next (id, community_id, floor_plan_name, bedrooms, bathrooms, square_feet, unit_count, created_at)
  SELECT id, community_id, floor_plan_name, bedrooms, bathrooms, square_feet, unit_count, created_at FROM floor_plans ORDER BY rowid;

  CREATE TABLE observations_next (
    survey_seq INTEGER NOT NULL REFERENCES surveys_next(seq) ON DELETE CASCADE,
    floor_plan_seq INTEGER NOT NULL REFERENCES floor_plans_next(seq),
    observed_on TEXT NOT NULL,
    market_rent_cents INTEGER NOT NULL,
    net_effective_rent_cents INTEGER NOT NULL,
    units_available INTEGER NOT NULL,
    concessions TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (survey_seq, floor_plan_seq)
  ) WITHOUT ROWID;
  INSERT INTO observations_next
  SELECT s.seq, fp.seq, o.observed_on, o.market_rent_cents, o.net_effective_rent_cents, o.units_available, o.concessions
    FROM observations o JOIN surveys_next s ON s.id = o.survey_id JOIN floor_plans_next fp ON fp.id = o.floor_plan_id
   ORDER BY s.seq, fp.seq;

  CREATE TABLE availability_next (
    survey_seq INTEGER NOT NULL,
    floor_plan_seq INTEGER NOT NULL,
    available_from TEXT NOT NULL,
    units INTEGER NOT NULL CHECK (units > 0),
    FOREIGN KEY (survey_seq, floor_plan_seq) REFERENCES observations_next(survey_seq, floor_plan_seq) ON DELETE CASCADE
  );
  INSERT INTO availability_next
  SELECT s.seq, fp.seq, a.available_from, a.units
    FROM availability a JOIN surveys_next s ON s.id = a.survey_id JOIN floor_plans_next fp ON fp.id = a.floor_plan_id
    JOIN observations o ON o.survey_id = a.survey_id AND o.floor_plan_id = a.floor_plan_id
   WHERE NOT (a.available_from = o.observed_on AND a.units = o.units_available
              AND (SELECT count(*) FROM availability b WHERE b.survey_id = a.survey_id AND b.floor_plan_id = a.floor_plan_id) = 1)
   ORDER BY s.seq, fp.seq, a.rowid;

  CREATE TABLE survey_vacancy_next (
    survey_seq INTEGER NOT NULL REFERENCES surveys_next(seq) ON DELETE CASCADE,
    community_id TEXT NOT NULL,
    available_next_14_days INTEGER NOT NULL,
    PRIMARY KEY (survey_seq, community_id)
  ) WITHOUT ROWID;
  INSERT INTO survey_vacancy_next
  SELECT s.seq, v.community_id, v.available_next_14_days FROM survey_vacancy v JOIN surveys_next s ON s.id = v.survey_id;

  DROP TABLE availability;
  DROP TABLE survey_vacancy;
  DROP TABLE observations;
  DROP TABLE surveys;
  DROP TABLE floor_plans;
  ALTER TABLE surveys_next RENAME TO surveys;
  ALTER TABLE floor_plans_next RENAME TO floor_plans;
  ALTER TABLE observations_next RENAME TO observations;
  ALTER TABLE availability_next RENAME TO availability;
  ALTER TABLE survey_vacancy_next RENAME TO survey_vacancy;
  CREATE INDEX observations_plan_date ON observations (floor_plan_seq, observed_on);
  CREATE INDEX availability_observation ON availability (survey_seq, floor_plan_seq);

  -- Each observation's availability: its dated rows, or else its units on the survey date.
  CREATE VIEW observation_availability AS
  SELECT o.survey_seq, o.floor_plan_seq,
         coalesce(a.available_from, o.observed_on) AS available_from, coalesce(a.units, o.units_available) AS units
    FROM observations o LEFT JOIN availability a ON a.survey_seq = o.survey_seq AND a.floor_plan_seq = o.floor_plan_seq
   WHERE a.units IS NOT NULL OR o.units_available > 0;
  `,
];
