import type { StoreError } from '../../../server/store/errors.js';
import type { CommandContext } from '../../context.js';

/** Opens the local store directly (seeding a new one), for the management commands that are not API operations. */
export async function withLocalStore<T>(
  ctx: CommandContext,
  work: (store: import('../../../server/store/index.js').Store) => T | Promise<T>,
  options: { seed?: 'demo' | 'empty' } = {},
) {
  const { openDataDirStore } = await import('../../../server/data-dir.js');
  const store = await openDataDirStore({
    dataDir: ctx.globals.dataDir,
    seed: options.seed ?? 'demo',
    notice: (message) => ctx.log.info(message),
    // The run's clock, as the in-process service has it: invitations expire by it.
    clock: ctx.now,
  });
  try {
    return await work(store);
  } finally {
    store.close();
  }
}

/** A refusal of the store that is a conflict (exit 5): a duplicate, another organization's id, a limit. */
export function isStoreConflict(error: StoreError): boolean {
  return error.code === 'conflict' || error.code === 'comp_limit_reached';
}
