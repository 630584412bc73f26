/**
 * Who draws a report's sections. ECharts' SVG costs ≈ 10–25 ms of CPU a chart, six charts a
 * community: on the command's own thread that CPU kept it from reading the next answers off the
 * wire, and against a distant service the report was CPU-bound (issue 35). The built CLI draws
 * them on a worker thread (chart-worker.ts) while its own thread keeps the requests going; run
 * from source (the tests of src/), where there is no built worker, they are drawn in-thread by
 * the same function.
 *
 * One worker, not one a core: ECharts numbers each chart's SVG ids (its clip paths, patterns and
 * classes: zr0-…, zr1-…) in the thread that draws it, and two threads would give two charts of
 * one document the same ids. One worker draws a community's six charts faster than a service
 * 50 ms away answers its requests at the default concurrency.
 */
import { Worker } from 'node:worker_threads';
import type { SectionJob } from './sections.js';

export interface SectionDrawer {
  draw(job: SectionJob): Promise<string>;
  /** Ends the worker (the command calls it whatever happened: until then the worker keeps the process alive); sections asked after it are refused. */
  close(): Promise<void>;
}

interface Reply {
  id: number;
  html?: string;
  error?: { message: string; stack?: string };
}

/** Sections drawn in order by a worker thread running `script` (the built chart-worker.cjs). */
export function workerDrawer(script: string): SectionDrawer {
  const worker = new Worker(script);
  const pending = new Map<number, { resolve(html: string): void; reject(error: Error): void }>();
  let nextId = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(failure);
    pending.clear();
  };
  // The worker keeps the process alive until close(): answers that arrive after it are let go.
  worker.on('message', ({ id, html, error }: Reply) => {
    const waiting = pending.get(id);
    if (waiting === undefined) return;
    pending.delete(id);
    if (error) waiting.reject(Object.assign(new Error(error.message), error.stack === undefined ? {} : { stack: error.stack }));
    else waiting.resolve(html as string);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the report's chart worker stopped (exit code ${code})`)));
  return {
    draw(job) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, job });
      });
    },
    async close() {
      failure ??= new Error("the report's chart worker was closed");
      await worker.terminate();
    },
  };
}

/** Sections drawn on the calling thread (run from source: no built worker). */
export async function inThreadDrawer(): Promise<SectionDrawer> {
  const [{ svgRenderer }, { drawSection }] = await Promise.all([import('./charts.js'), import('./sections.js')]);
  const charts = await svgRenderer();
  return {
    draw: async (job) => drawSection(job, charts),
    close: async () => {},
  };
}
