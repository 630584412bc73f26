/**
 * The command tree: every top-level command of `rentsurvey`, one line each, in the
 * order help lists them. The program, help, TAB completion and the tests read
 * everything else from the definitions (src/cli/command.ts).
 */
import type { AnyDefinition } from '../command.js';
import { auth, login, logout } from './auth/index.js';
import { communities } from './communities/index.js';
import { completion } from './completion/index.js';
import { config } from './config/index.js';
import { comps } from './comps/index.js';
import { digest } from './digest/index.js';
import { doctor } from './doctor/index.js';
import { forecast } from './forecast/index.js';
import { help } from './help/index.js';
import { local } from './local/index.js';
import { overview } from './overview/index.js';
import { portfolio } from './portfolio/index.js';
import { pricing } from './pricing/index.js';
import { report } from './report/index.js';
import { serve } from './serve/index.js';
import { sync } from './sync/index.js';
import { users } from './users/index.js';
import { dashboard } from './dashboard/index.js';
import { vacancy } from './vacancy/index.js';

export const COMMANDS: readonly AnyDefinition[] = [
  login,
  logout,
  auth,
  portfolio,
  communities,
  comps,
  pricing,
  vacancy,
  overview,
  forecast,
  digest,
  dashboard,
  report,
  users,
  serve,
  local,
  sync,
  config,
  completion,
  doctor,
  help,
];
