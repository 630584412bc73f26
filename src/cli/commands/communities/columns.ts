import type { ReadOf } from '../../../api/endpoints.js';
import type { Column } from '../../../output/columns.js';
import { date, uuid, text } from '../../columns.js';

type Community = ReadOf<'createCommunity'>;
type Person = Community['community_manager'];

const person = (p: Person) => (p ? `${p.full_name} <${p.email}>` : null);

/** The community's zip code, one name wherever it is shown (the API's field and flag: zipcode). */
export const zipcodeColumn = <Row>(get: (row: Row) => string | null | undefined): Column<Row> => ({ ...text('zipcode', get, 'ZIP CODE'), label: 'Zip code' });

/** Columns of a community record; managers flatten to their e-mail in csv/ndjson. */
export const communityColumns: Column<Community>[] = [
  uuid('id', (c) => c.id, 'ID'),
  text('name', (c) => c.name, 'NAME', 'key'),
  text('address', (c) => c.address, 'ADDRESS', 'low'),
  zipcodeColumn((c) => c.zipcode),
  text('status', (c) => c.status, 'STATUS', 'high'),
  // Labels of the record (create, update) say what the table's headers say.
  { ...text('external_community_id', (c) => c.external_community_id, 'EXTERNAL ID', 'high'), label: 'External ID' },
  text('email', (c) => c.email, 'EMAIL', 'low'),
  { ...text('website_url', (c) => c.website_url, 'WEBSITE', 'low'), label: 'Website' },
  { ...text('community_manager', (c) => c.community_manager?.email, 'COMMUNITY MGR'), display: (c) => person(c.community_manager) ?? '—' },
  { ...text('asset_manager', (c) => c.asset_manager?.email, 'ASSET MGR', 'low'), display: (c) => person(c.asset_manager) ?? '—' },
  { ...text('leasing_manager', (c) => c.leasing_manager?.email, 'LEASING MGR', 'low'), display: (c) => person(c.leasing_manager) ?? '—' },
  {
    key: 'other_team_members',
    header: 'TEAM',
    importance: 'low',
    value: (c) => c.other_team_members.map((m) => m.email).join(';'),
    display: (c) => c.other_team_members.map((m) => m.email).join(', ') || '—',
  },
  date('created_at', (c) => c.created_at, 'CREATED', 'low'),
  date('updated_at', (c) => c.updated_at, 'UPDATED', 'low'),
];

/** The narrower default for list tables; --fields picks any of communityColumns. */
export const LIST_TABLE_FIELDS = ['id', 'name', 'address', 'status', 'external_community_id', 'community_manager'];
