import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guardHome } from './home-guard.js';

// A stand-in for the developer's home, with a cache file from before the run.
let realHome: string;
beforeEach(() => {
  realHome = mkdtempSync(join(tmpdir(), 'rentsurvey-real-home-'));
  mkdirSync(join(realHome, '.cache', 'rentsurvey'), { recursive: true });
  writeFileSync(join(realHome, '.cache', 'rentsurvey', 'communities.default.json'), '[]');
});
afterEach(() => rmSync(realHome, { recursive: true, force: true }));

const warnings: string[] = [];
const guard = (strict = true) => guardHome({ realHomes: [realHome], strict, warn: (message) => warnings.push(message) });

const write = (path: string) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '{}');
};

describe('the home guard of a test run', () => {
  it('gives the run HOME and every XDG folder in a temp folder, and puts them back after', () => {
    const before = { HOME: process.env.HOME, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };
    const done = guard();
    const guarded = { HOME: process.env.HOME, cache: process.env.XDG_CACHE_HOME, runtime: process.env.XDG_RUNTIME_DIR };
    expect(homedir()).toBe(guarded.HOME);
    for (const dir of Object.values(guarded)) expect(dir).toMatch(/rentsurvey-test-home-/);
    done();
    expect({ HOME: process.env.HOME, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME }).toEqual(before);
  });

  it('passes when nothing of ours was written outside the runs’ own folders', () => {
    const done = guard();
    write(join(tmpdir(), `rentsurvey-elsewhere-${process.pid}`, 'x'));
    expect(done).not.toThrow();
    rmSync(join(tmpdir(), `rentsurvey-elsewhere-${process.pid}`), { recursive: true, force: true });
  });

  it('fails naming the file when a run without folders of its own wrote into the fallback home', () => {
    const done = guard();
    write(join(homedir(), '.cache', 'rentsurvey', 'communities.default.json'));
    write(join(process.env.XDG_STATE_HOME!, 'rentsurvey', 'digest.json'));
    expect(done).toThrow(/fallback home: \.cache\/rentsurvey\/communities\.default\.json, \$XDG_STATE_HOME\/rentsurvey/);
  });

  it('outside CI, only warns of a change in the real home (another rentsurvey may have written it)', () => {
    warnings.length = 0;
    const done = guard(false);
    write(join(realHome, '.local', 'state', 'rentsurvey', 'digest.default.json'));
    expect(done).not.toThrow();
    expect(warnings).toEqual([expect.stringMatching(/^warning: the real home .* was written during the test run: \.local\/state\/rentsurvey\/digest\.default\.json \(new: /)]);
  });

  it('in CI, fails naming the file when the real home was written, new or changed', () => {
    const done = guard();
    write(join(realHome, '.config', 'rentsurvey', 'config.json'));
    writeFileSync(join(realHome, '.cache', 'rentsurvey', 'communities.default.json'), '[{"name":"Maple Court"}]');
    let message = '';
    try {
      done();
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/real home .* was written during the test run: /);
    expect(message).toContain('.config/rentsurvey/config.json (new: ');
    expect(message).toContain('.cache/rentsurvey/communities.default.json (changed: ');
  });
});
