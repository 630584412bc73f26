import { stdoutStyle } from '../../../output/style.js';
import type { Handler } from '../../command.js';
import { ExitCode } from '../../errors.js';
import { printLines, printList } from '../../print.js';
import { columns, runChecks, type Check } from './checks.js';
import type { doctor } from './index.js';

/** The checks, one line each (✓ or ✗, and under a ✗ what to do); --json and the other formats take them as rows. */
export const run: Handler<typeof doctor> = async (ctx) => {
  const checks = await runChecks(ctx);
  const failed = checks.filter((check) => !check.ok);
  if (ctx.globals.format === 'table') {
    const style = stdoutStyle(ctx.io);
    const line = (check: Check) =>
      check.ok ? `${style.positive('✓')} ${check.detail}` : `${style.negative('✗')} ${check.detail}\n    ${style.bold('fix:')} ${check.remedy}`;
    const summary = failed.length === 0 ? 'Every check passed.' : `${failed.length} of ${checks.length} checks failed.`;
    printLines(ctx, `${checks.map(line).join('\n')}\n\n${summary}`);
  } else await printList(ctx, { rows: checks, columns, json: { ok: failed.length === 0, checks }, jsonRowsKey: 'checks' });
  return failed.length === 0 ? undefined : ExitCode.failure;
};
