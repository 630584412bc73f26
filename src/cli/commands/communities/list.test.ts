import { describe, expect } from 'vitest';
import { allFormats, demoSubjects, expectOk, it, parseCsv, parseJson } from '../../../../test/helpers/run-cli.js';

interface CommunityPage {
  communities: Array<{ id: string; name: string; address: string; external_community_id: string | null }>;
  total: number;
  limit: number;
  offset: number;
}

describe('communities list', () => {
  it('in every format, 50 per page by default', async ({ cli }) => {
    const { json } = await allFormats(cli, ['--local', 'communities', 'list'], (b) => (b as CommunityPage).communities);
    const page = json as CommunityPage;
    expect(page.offset).toBe(0);
    expect(page.communities.length).toBe(Math.min(page.total, 50));
  });

  it('--limit and --offset page through the same order; the table says there is more', async ({ cli }) => {
    const [all, page, table] = await Promise.all([
      cli.run(['--local', 'communities', 'list', '--all', '--json']),
      cli.run(['--local', 'communities', 'list', '--limit', '3', '--offset', '2', '--json']),
      cli.run(['--local', 'communities', 'list', '--limit', '3']),
    ]);
    const every = parseJson<CommunityPage>(all.stdout);
    const slice = parseJson<CommunityPage>(page.stdout);
    expect(slice).toMatchObject({ limit: 3, offset: 2, total: every.total });
    expect(slice.communities.map((c) => c.id)).toEqual(every.communities.slice(2, 5).map((c) => c.id));
    expect(table.stdout.trimEnd().split('\n')).toHaveLength(4);
    expect(table.stderr).toMatch(/Showing 1–3 of \d+; use --offset 3 or --all/);
    const quiet = expectOk(await cli.run(['--local', '--quiet', 'communities', 'list', '--limit', '2']));
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout.trimEnd().split('\n')).toHaveLength(3);
  });

  it('--all prints one document with every row', async ({ cli }) => {
    const page = parseJson<CommunityPage>(expectOk(await cli.run(['--local', 'communities', 'list', '--all', '--json'])).stdout);
    expect(page.communities).toHaveLength(page.total);
    expect(new Set(page.communities.map((c) => c.id)).size).toBe(page.total);
    const csv = expectOk(await cli.run(['--local', 'communities', 'list', '--all', '--csv']));
    expect(parseCsv(csv.stdout).rows).toHaveLength(page.total);
  });

  it('--search filters by name, address or external id, case-insensitively', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const city = subject.address.split(',').at(-2)!.trim();
    const page = parseJson<CommunityPage>(
      expectOk(await cli.run(['--local', 'communities', 'list', '--search', city.toUpperCase(), '--all', '--json'])).stdout,
    );
    expect(page.total).toBeGreaterThan(0);
    for (const c of page.communities) expect(`${c.name} ${c.address} ${c.external_community_id}`.toLowerCase()).toContain(city.toLowerCase());
    const none = expectOk(await cli.run(['--local', 'communities', 'list', '--search', 'zz-no-such-community-zz']));
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/No communities match "zz-no-such-community-zz"/);
    const noneJson = expectOk(await cli.run(['--local', 'communities', 'list', '--search', 'zz-no-such-community-zz', '--json']));
    expect(parseJson<CommunityPage>(noneJson.stdout)).toMatchObject({ communities: [], total: 0 });
  });

  it('a bad --limit is a usage error before anything runs', async ({ cli }) => {
    for (const limit of ['0', '-3', 'ten', '2.5']) {
      const r = await cli.run(['--local', 'communities', 'list', '--limit', limit]);
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(new RegExp(`--limit: "${limit}" is not a whole number from 1 up`));
    }
  });
});
