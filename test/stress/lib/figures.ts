/**
 * The figures a stress run prints at its end: each file adds what it did, the
 * global setup (setup.ts) sums and prints them once all files ran.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

export interface Figures {
  /** Requests sent by the contract fuzzer (HTTP and raw). */
  requestsTried: number;
  /** Of which raw frames below HTTP clients. */
  rawFrames: number;
  /** Built-CLI runs through the fault proxy with a fault injected, each behaving as it must. */
  faultsSurvived: number;
  /** Acknowledged writes found again after a SIGKILL of serve. */
  writesVerified: number;
  /** SIGKILLs of serve under write load. */
  kills: number;
  /** SIGKILLs of serve while it created the demo store, each followed by a complete store. */
  seedKills: number;
  /** Races of 20 requests decided exactly once. */
  racesDecided: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stressFiguresDir: string;
  }
}

export function addFigures(figures: Partial<Figures>): void {
  appendFileSync(join(inject('stressFiguresDir'), `${process.pid}.jsonl`), `${JSON.stringify(figures)}\n`);
}

export function sumFigures(dir: string): Figures {
  const total: Figures = { requestsTried: 0, rawFrames: 0, faultsSurvived: 0, writesVerified: 0, kills: 0, seedKills: 0, racesDecided: 0 };
  for (const file of readdirSync(dir))
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean))
      for (const [key, value] of Object.entries(JSON.parse(line) as Partial<Figures>)) total[key as keyof Figures] += value ?? 0;
  return total;
}
