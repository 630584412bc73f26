/**
 * A small portfolio whose names need quoting in a shell (spaces, an apostrophe,
 * a dollar sign and double quotes, an exclamation mark), for the completion tests.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from './cli.js';
import { sandboxEnv } from './sandbox-env.js';

export const NAMES = {
  barton: 'Barton Creek Terrace',
  brodie: 'Brodie Lane Flats',
  desert: 'The Vue at Desert Ridge',
  hidden: 'The Vue at Hidden Lake',
  miller: "Miller's Crossing",
  lofts: 'Lofts at $5 "Main"',
  yes: 'Yes! Flats',
  oak: 'Oak Flats',
  ohara: "O'Hara Commons",
} as const;

const address = (n: number) => ({ address: `${n} Congress Ave, Austin, TX 78704`, zipcode: '78704' });

export const NAMES_DATASET = {
  organization: 'Tab Residential',
  communities: [
    { key: 'barton', managed: true, name: NAMES.barton, external_community_id: 'TT-001', ...address(1) },
    { key: 'brodie', managed: true, name: NAMES.brodie, external_community_id: 'TT-002', ...address(2) },
    { key: 'desert', managed: true, name: NAMES.desert, ...address(8) },
    { key: 'hidden', managed: true, name: NAMES.hidden, ...address(9) },
    { key: 'miller', managed: true, name: NAMES.miller, ...address(3) },
    { key: 'lofts', managed: true, name: NAMES.lofts, ...address(4) },
    { key: 'yes', managed: true, name: NAMES.yes, ...address(5) },
    { key: 'oak', managed: false, name: NAMES.oak, ...address(6) },
    { key: 'ohara', managed: false, name: NAMES.ohara, ...address(7) },
  ],
  comps: [
    { subject: 'barton', comp: 'oak', distance_miles: 1.1 },
    { subject: 'barton', comp: 'ohara', distance_miles: 2.2, is_included_in_surveys: false },
  ],
  floor_plans: [
    { key: 'barton-a1', community: 'barton', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 80 },
    { key: 'barton-b2', community: 'barton', floor_plan_name: 'B2 Loft', bedrooms: 2, bathrooms: 2, square_feet: 1050, unit_count: 40 },
  ],
};

/** Imports NAMES_DATASET into a new store at `dataDir` (empty, not the demo portfolio). */
export async function namesStore(dataDir: string, scratch: string): Promise<string> {
  const file = join(scratch, 'names.json');
  await writeFile(file, JSON.stringify(NAMES_DATASET));
  for (const args of [
    ['local', 'reset', '--empty', '--yes', '--data-dir', dataDir],
    ['local', 'import', file, '--data-dir', dataDir],
  ]) {
    const result = await run(args, { env: { NO_COLOR: '1', ...sandboxEnv(scratch) } });
    if (result.exitCode !== 0) throw new Error(`rentsurvey ${args.join(' ')} failed:\n${result.stderr}`);
  }
  return dataDir;
}
