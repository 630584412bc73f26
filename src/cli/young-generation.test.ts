// The cap for real, in a Node of its own (a test worker's heap has grown already): objects that
// survive a while, as an export's rows do, make V8 grow its young generation; capped, it stops there.
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const MODULE = new URL('./young-generation.ts', import.meta.url).href;

const SCRIPT = `
import { getHeapSpaceStatistics } from 'node:v8';
import { capYoungGeneration } from ${JSON.stringify(MODULE)};
const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 2 ** 20;
/** Rows that live while 20,000 newer ones are made; the largest young generation seen meanwhile. */
function churn(check) {
  const kept = new Array(20_000);
  let largest = 0;
  for (let i = 0; i < 200_000; i++) {
    kept[i % kept.length] = { i, text: 'row ' + i, values: [i, i + 1, i + 2] };
    if (i % 1000 === 0) {
      check();
      largest = Math.max(largest, young());
    }
  }
  return largest;
}
const cap = capYoungGeneration(8);
const capped = churn(cap.check);
cap.release();
const released = churn(() => {});
console.log(JSON.stringify({ capped, released }));
`;

describe('capYoungGeneration', () => {
  it('stops the young generation at the step that reaches the cap, and lets it grow once released', async () => {
    const { stdout } = await execa(process.execPath, ['--input-type=module', '-e', SCRIPT]);
    const { capped, released } = JSON.parse(stdout) as { capped: number; released: number };
    // V8 doubles it (sizes rounded to its pages): the step that reaches 8 MB is the last.
    expect(capped).toBeGreaterThanOrEqual(8);
    expect(capped).toBeLessThan(16);
    expect(released).toBeGreaterThanOrEqual(2 * capped);
  });
});
