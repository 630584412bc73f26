/**
 * The report's chart worker (drawing.ts): draws the sections it is sent, one at a time, and
 * answers each with its HTML. Built as a file of its own (scripts/build.js), with ECharts and
 * nothing of the CLI: a worker that loaded the CLI's entry would run the CLI.
 */
import { parentPort } from 'node:worker_threads';
import { svgRenderer } from './charts.js';
import { drawSection, type SectionJob } from './sections.js';

const port = parentPort;
if (port === null) throw new Error('chart-worker runs as a worker thread');
const charts = svgRenderer();
port.on('message', async ({ id, job }: { id: number; job: SectionJob }) => {
  try {
    port.postMessage({ id, html: drawSection(job, await charts) });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } });
  }
});
