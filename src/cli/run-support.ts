/**
 * What every command needs around its handler when it runs, and --help does
 * not: one module for the action of each command (program.ts) to load, rather
 * than one import (and one more module to fetch) for each.
 */
export { createLogger } from '../output/messages.js';
export { createContext } from './context.js';
export { resolveGlobals } from './globals.js';
export { assertOutputFlags, listFile, outCommand, sayOmittedColumns } from './table-flags.js';
export { fileOutput } from './print-file.js';
