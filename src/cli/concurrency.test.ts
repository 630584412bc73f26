import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { describeFailures, fanOut, fanOutAll, isFailed, slots, stopsAll } from './concurrency.js';
import { concurrencyOf } from './command.js';
import type { CommandContext } from './context.js';
import { ApiError, CliError, ExitCode } from './errors.js';

describe('fanOut', () => {
  it('yields every outcome in the order of the items, with at most `limit` in flight', async () => {
    let running = 0;
    let most = 0;
    const work = async (n: number) => {
      running++;
      most = Math.max(most, running);
      await sleep((7 - n) % 3);
      running--;
      // A service that answered (here a 500) may answer for the others: every item is tried.
      if (n % 3 === 0) throw new ApiError(500, 'internal_error', `no ${n}`);
      return n * 10;
    };
    const outcomes = [];
    for await (const outcome of fanOut([1, 2, 3, 4, 5, 6, 7], 3, work)) outcomes.push(outcome);
    expect(outcomes).toEqual([
      { item: 1, value: 10 },
      { item: 2, value: 20 },
      { item: 3, error: new ApiError(500, 'internal_error', 'no 3') },
      { item: 4, value: 40 },
      { item: 5, value: 50 },
      { item: 6, error: new ApiError(500, 'internal_error', 'no 6') },
      { item: 7, value: 70 },
    ]);
    expect(most).toBe(3);
  });

  it('a failure that stops all: the items not started yet are not tried, each says why', async () => {
    const tried: number[] = [];
    const down = new Error('connection refused');
    const outcomes = await fanOutAll(
      [1, 2, 3, 4, 5, 6],
      2,
      async (n) => {
        tried.push(n);
        if (n >= 2) throw n === 2 ? new ApiError(404, 'not_found', 'community 2 not found') : down;
        return n;
      },
    );
    // 1 and 2 start, 3 once 1 is done; 2's 404 stops nothing, 3's failure stops what has not started.
    expect(tried).toEqual([1, 2, 3]);
    expect(outcomes.filter(isFailed)).toEqual([
      { item: 2, error: expect.any(ApiError) },
      { item: 3, error: down },
      { item: 4, skipped: down },
      { item: 5, skipped: down },
      { item: 6, skipped: down },
    ]);
  });
});

describe('slots: a window of requests', () => {
  it('runs at most `limit` tasks at once, the others in the order they came, each as a slot frees (a failure frees it too)', async () => {
    const run = slots(2);
    const started: number[] = [];
    const finish = new Map<number, (ok: boolean) => void>();
    const task = (n: number) => () =>
      new Promise<number>((resolve, reject) => {
        started.push(n);
        finish.set(n, (ok) => (ok ? resolve(n) : reject(new Error(`no ${n}`))));
      });
    const results = [1, 2, 3, 4, 5].map((n) => run(task(n)).catch((error: Error) => error.message));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    await turn();
    expect(started).toEqual([1, 2]);
    finish.get(2)!(false);
    await turn();
    expect(started).toEqual([1, 2, 3]);
    finish.get(1)!(true);
    finish.get(3)!(true);
    await turn();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    finish.get(4)!(true);
    finish.get(5)!(true);
    expect(await Promise.all(results)).toEqual([1, 'no 2', 3, 4, 5]);
    // Every slot is free again: two start at once.
    started.length = 0;
    void run(task(6));
    void run(task(7));
    await turn();
    expect(started).toEqual([6, 7]);
  });
});

describe('concurrencyOf', () => {
  it('--concurrency when given; else the command’s default against a service, 1 in process (--local)', () => {
    const remote = { globals: { local: false } } as Pick<CommandContext, 'globals'>;
    const local = { globals: { local: true } } as Pick<CommandContext, 'globals'>;
    expect([concurrencyOf(remote, undefined, 4), concurrencyOf(local, undefined, 4)]).toEqual([4, 1]);
    expect([concurrencyOf(remote, 3, 4), concurrencyOf(local, 3, 4)]).toEqual([3, 3]);
  });
});

describe('stopsAll: the one rule of every fan-out (pricing export, overview --all, report)', () => {
  it('a service that answered for one community goes on; one that stopped answering, or refused the key, stops', () => {
    for (const status of [400, 404, 409, 422, 500, 502, 503])
      expect(stopsAll(new ApiError(status, 'x', `status ${status}`)), String(status)).toBe(false);
    for (const status of [401, 403]) expect(stopsAll(new ApiError(status, 'x', `status ${status}`)), String(status)).toBe(true);
    expect(stopsAll(new CliError('could not reach http://x (connection refused) after 4 attempts'))).toBe(true);
    expect(stopsAll(new Error('the answer broke the contract'))).toBe(true);
  });
});

describe('describeFailures', () => {
  const name = (n: number) => `Community ${n}`;
  const id = (n: number) => `id-${n}`;

  it('the exact count, every item by name grouped by reason, the status they share and their hints once', () => {
    const refused = new CliError('could not reach http://x (connection refused)', ExitCode.failure, 'is the service running?');
    const report = describeFailures(
      [
        { item: 1, error: refused },
        { item: 2, error: new CliError('could not reach http://x (connection refused)', ExitCode.failure, 'is the service running?') },
        { item: 4, skipped: refused },
        { item: 5, skipped: refused },
      ],
      { total: 214, what: 'communities could not be exported', name, id },
    );
    expect(report).toEqual({
      message: [
        '4 of 214 communities could not be exported:',
        '  could not reach http://x (connection refused): Community 1, Community 2',
        '  not tried after the failures above: Community 4, Community 5',
      ].join('\n'),
      exitCode: ExitCode.failure,
      hints: ['is the service running?'],
    });
  });

  it('ids beside the names when asked; the status of the failures when they agree, else 1', () => {
    const missing = (n: number) => ({ item: n, error: new ApiError(404, 'not_found', `community ${n} not found`) });
    const notFound = describeFailures([missing(1), missing(2)], { total: 3, what: 'communities could not be exported', name, id, showIds: true });
    expect(notFound.message).toBe(
      ['2 of 3 communities could not be exported:', '  community 1 not found: Community 1 [id-1]', '  community 2 not found: Community 2 [id-2]'].join('\n'),
    );
    expect(notFound.exitCode).toBe(ExitCode.notFound);
    const mixed = describeFailures([missing(1), { item: 2, error: new Error('boom') }], { total: 2, what: 'x', name });
    expect(mixed.exitCode).toBe(ExitCode.failure);
  });
});
