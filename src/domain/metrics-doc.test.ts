// Runs the JSON examples of docs/metrics.md through the code, so the page and
// the implementation cannot drift apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { netEffectiveRentCents } from './concessions.js';
import { intervalHalfWidth } from './forecast.js';
import { computeOverview, type OverviewInput } from './overview.js';
import { computeProjections, computeVacancy, computeVacancyTrendPoint, type VacancyInput } from './vacancy.js';

const page = readFileSync(new URL('../../docs/metrics.md', import.meta.url), 'utf8');
const examples = new Map<string, unknown>();
for (const match of page.matchAll(/```json metrics-example=(\S+)\n([\s\S]*?)```/g)) {
  examples.set(match[1] as string, JSON.parse(match[2] as string));
}

function example<T>(name: string): T {
  if (!examples.has(name)) throw new Error(`docs/metrics.md has no example ${name}`);
  return examples.get(name) as T;
}

describe('docs/metrics.md examples', () => {
  it('overview', () => {
    expect(computeOverview(example<OverviewInput>('overview-input'))).toEqual(example('overview-output'));
  });
  it('vacancy', () => {
    expect(computeVacancy(example<VacancyInput>('vacancy-input'))).toEqual(example('vacancy-output'));
  });
  it('vacancy trend point', () => {
    const { subject, comps } = example<{ subject: VacancyInput; comps: VacancyInput[] }>('trend-input');
    expect(computeVacancyTrendPoint(subject, comps)).toEqual(example('trend-output'));
  });
  it('concessions: NER of each text at $2,000 asking', () => {
    const texts = example<Record<string, number>>('concessions');
    expect(Object.keys(texts).length).toBeGreaterThan(20);
    for (const [text, ner] of Object.entries(texts)) expect([text, netEffectiveRentCents(200_000, text)]).toEqual([text, ner]);
  });
  it('forecast: the worked example’s interval half-widths', () => {
    const { errors, w80, w95 } = example<{ errors: number[]; w80: number; w95: number }>('forecast-interval');
    expect(intervalHalfWidth(errors, 0.8)).toBe(w80);
    expect(Math.round(intervalHalfWidth(errors, 0.95) * 10) / 10).toBe(w95);
  });
  it('projections', () => {
    const input = example<VacancyInput>('vacancy-input');
    expect(computeProjections({ asOfDate: input.surveyDate, totalUnits: input.totalUnits, availability: input.availability })).toEqual(
      example('projections-output'),
    );
  });
});
