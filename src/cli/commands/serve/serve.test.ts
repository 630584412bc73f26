import { createServer } from 'node:net';
import { describe, expect } from 'vitest';
import { expectOk, it, parseJson } from '../../../../test/helpers/run-cli.js';

describe('serve openapi', () => {
  it('prints one OpenAPI 3.1 JSON document with 18 operations: the spec’s 17 and GET /users, our extension', async ({ cli }) => {
    const doc = parseJson<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(expectOk(await cli.run(['serve', 'openapi'])).stdout);
    expect(doc.openapi).toMatch(/^3\.1/);
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)));
    expect(operations).toHaveLength(18);
    expect(doc.paths).toHaveProperty(['/rentsurvey/portfolio']);
    expect(doc.paths['/users']?.get).toMatchObject({ 'x-rentsurvey': 'extension' });
  });
});

describe('serve', () => {
  it('on a port in use says so, without calling it a bug (exit 1)', async ({ cli }) => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = String((busy.address() as { port: number }).port);
    try {
      const r = await cli.run(['serve', '--port', port, '--empty']);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^error: port ${port} on 127.0.0.1 is already in use; pick another with --port\\n$`));
    } finally {
      busy.close();
    }
  });

  it('a bad --smtp-url (or RENTSURVEY_SMTP_URL) is refused before the service starts, without echoing it', async ({ cli }) => {
    const flag = await cli.run(['serve', '--port', '0', '--empty', '--smtp-url', 'http://user:s3cret-pw@mail.example.com']);
    expect(flag).toMatchObject({ exitCode: 2, stdout: '' });
    expect(flag.stderr).toMatch(/^error: --smtp-url must be a smtp or smtps URL\nhint: like smtp:\/\/user:password@/);
    const env = await cli.run(['serve', '--port', '0', '--empty'], { env: { RENTSURVEY_SMTP_URL: 'not a url s3cret-pw' } });
    expect(env).toMatchObject({ exitCode: 2, stdout: '' });
    expect(env.stderr).toMatch(/^error: RENTSURVEY_SMTP_URL is not a URL\n/);
    for (const r of [flag, env]) {
      expect(r.stderr).not.toContain('s3cret-pw');
      expect(r.stderr).not.toContain('Listening on');
    }
  });

  it('a bad port or conflicting seeds are usage errors', async ({ cli }) => {
    expect((await cli.run(['serve', '--port', '70000'])).exitCode).toBe(2);
    expect((await cli.run(['serve', '--demo', '--empty'])).exitCode).toBe(2);
  });
});
