// Types of bench/portfolio.js, for the tests that build stores with it.
export const COMPS_PER_SUBJECT: number;
export const PLANS_PER_COMMUNITY: number;
export const WEEKS: number;
export const ORGANIZATION: string;
export const OBSERVATION_HEADER: string;
export function subjectKey(subject: number): string;
export function surveyDates(today: string): string[];
export function portfolioStructure(subjects: number): Record<string, unknown>;
export function writeObservations(file: string, subjects: number, today: string): Promise<number>;
