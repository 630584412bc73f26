import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../../server/store/database-file.js';
import type { Handler } from '../../command.js';
import { UsageError } from '../../errors.js';
import { confirm } from '../../prompt.js';
import type { reset } from './index.js';
import { withLocalStore } from './store.js';

export const run: Handler<typeof reset> = async (ctx, opts) => {
  const dir = ctx.globals.dataDir;
  // Without a store there is nothing to lose: no question.
  if (opts.yes !== true && existsSync(join(dir, DATABASE_FILE))) {
    const ok = await confirm(ctx, `Delete the local store in ${dir} and start ${opts.empty ? 'empty' : 'with demo data'}?`, '--yes');
    if (!ok) throw new UsageError('reset cancelled; nothing changed');
  }
  for (const file of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, 'local-cli.key'])
    await rm(join(dir, file), { force: true });
  if (opts.empty) {
    const { openStore } = await import('../../../server/store/index.js');
    openStore(dir).close();
    ctx.log.success(`Reset ${dir}: the store is empty`);
    return;
  }
  await withLocalStore(ctx, () => undefined);
  ctx.log.success(`Reset ${dir} with the demo portfolio`);
};
