/**
 * The command tree: every top-level command of `rentsurvey`, one line each, in the
 * order help lists them, with the module that defines it. A run loads the definition
 * of the command it runs and no other (help, TAB on the first word and anything
 * unusual load them all: program.ts). The program, help, TAB completion and the
 * tests read everything else from the definitions (src/cli/command.ts).
 */
import type { AnyDefinition } from '../command.js';

export const COMMANDS: Readonly<Record<string, () => Promise<AnyDefinition>>> = {
  login: async () => (await import('./auth/index.js')).login,
  logout: async () => (await import('./auth/index.js')).logout,
  auth: async () => (await import('./auth/index.js')).auth,
  portfolio: async () => (await import('./portfolio/index.js')).portfolio,
  communities: async () => (await import('./communities/index.js')).communities,
  comps: async () => (await import('./comps/index.js')).comps,
  pricing: async () => (await import('./pricing/index.js')).pricing,
  vacancy: async () => (await import('./vacancy/index.js')).vacancy,
  overview: async () => (await import('./overview/index.js')).overview,
  forecast: async () => (await import('./forecast/index.js')).forecast,
  digest: async () => (await import('./digest/index.js')).digest,
  dashboard: async () => (await import('./dashboard/index.js')).dashboard,
  report: async () => (await import('./report/index.js')).report,
  users: async () => (await import('./users/index.js')).users,
  serve: async () => (await import('./serve/index.js')).serve,
  local: async () => (await import('./local/index.js')).local,
  sync: async () => (await import('./sync/index.js')).sync,
  config: async () => (await import('./config/index.js')).config,
  completion: async () => (await import('./completion/index.js')).completion,
  doctor: async () => (await import('./doctor/index.js')).doctor,
  help: async () => (await import('./help/index.js')).help,
};
