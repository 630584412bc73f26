import { describe, expect, it } from 'vitest';
import { parseFraction } from './command.js';

describe('parseFraction', () => {
  const psi = (value: string) => parseFraction('--psi', value, { min: -1, max: 1, aboveMin: true, meaning: '0.02 = 2%' });
  const threshold = (value: string) => parseFraction('--threshold', value, { min: 0, max: 1, meaning: '0.03 = 3%' });

  it('takes a fraction or a percent', () => {
    expect(psi('0.02')).toBe(0.02);
    expect(psi(' -2.5% ')).toBe(-0.025);
    expect(threshold('0')).toBe(0);
    expect(threshold('12%')).toBe(0.12);
  });
  it('refuses what is out of range or no number, saying the range and what a value means', () => {
    expect(() => psi('-1')).toThrow('--psi: "-1" is not a fraction above -1 and below 1 (0.02 = 2%; a percent also works)');
    expect(() => threshold('1')).toThrow('--threshold: "1" is not a fraction from 0 to below 1 (0.03 = 3%; a percent also works)');
    for (const value of ['', '%', 'high']) expect(() => threshold(value)).toThrow(`--threshold: "${value}" is not a number`);
    expect(() => threshold('5')).toThrow(/is not a fraction/);
  });
});
