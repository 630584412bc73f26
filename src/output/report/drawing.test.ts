import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { workerDrawer } from './drawing.js';
import type { SectionJob } from './sections.js';

// A worker speaking chart-worker.ts' protocol: answers a section with its name, an error for
// "boom", and exits for "exit" (the built worker is run end to end in test/e2e/report-worker.test.ts).
const WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, job }) => {
  const name = job.section.name;
  if (name === 'boom') parentPort.postMessage({ id, error: { message: 'no chart for boom' } });
  else if (name === 'exit') process.exit(4);
  else setTimeout(() => parentPort.postMessage({ id, html: '<section>' + name + '</section>' }), id % 3);
});
`;

let script: string;
beforeAll(async () => {
  script = join(await mkdtemp(join(tmpdir(), 'rentsurvey-drawing-')), 'worker.cjs');
  await writeFile(script, WORKER);
});

const job = (name: string) => ({ kind: 'community', section: { name } }) as unknown as SectionJob;

describe('workerDrawer', () => {
  it('answers each section with its own HTML, many asked at once', async () => {
    const drawer = workerDrawer(script);
    try {
      const names = Array.from({ length: 40 }, (_, i) => `community ${i}`);
      await expect(Promise.all(names.map((name) => drawer.draw(job(name))))).resolves.toEqual(names.map((name) => `<section>${name}</section>`));
    } finally {
      await drawer.close();
    }
  });

  it("a section the worker cannot draw is refused with the worker's message; the others are still drawn", async () => {
    const drawer = workerDrawer(script);
    try {
      const [bad, good] = [drawer.draw(job('boom')), drawer.draw(job('Maple Court'))];
      await expect(bad).rejects.toThrow('no chart for boom');
      await expect(good).resolves.toBe('<section>Maple Court</section>');
    } finally {
      await drawer.close();
    }
  });

  it('a worker that stops refuses what it was drawing and every section asked after', async () => {
    const drawer = workerDrawer(script);
    try {
      const waiting = drawer.draw(job('exit'));
      await expect(waiting).rejects.toThrow("the report's chart worker stopped (exit code 4)");
      await expect(drawer.draw(job('Maple Court'))).rejects.toThrow('stopped (exit code 4)');
    } finally {
      await drawer.close();
    }
  });

  it('once closed, refuses to draw', async () => {
    const drawer = workerDrawer(script);
    await drawer.close();
    await expect(drawer.draw(job('Maple Court'))).rejects.toThrow('closed');
  });
});
