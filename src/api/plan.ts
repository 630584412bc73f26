/**
 * The contract's schemas as plain data, read without zod. Loading zod and
 * building the contract's schemas cost more than the rest of a command's
 * start-up, yet almost every request and answer is valid. So
 * scripts/contract-plan.js compiles each schema the CLI and the service check
 * on their common paths into a plan (plan-compile.ts; the result is
 * plan.generated.ts, checked in and tested to be current), and `runPlan`
 * follows it.
 *
 * A plan only ever says "valid, and this is what zod would make of it" or
 * FAILED. When it fails, the caller asks zod itself (loaded then), which
 * gives the issues and has the last word: a plan can make a command slower,
 * never different. plan.test.ts holds plan and zod to the same answers.
 */
import type { z } from 'zod';
import type { Endpoint, OperationId } from './endpoints.js';
import { CONTRACT_PLAN } from './plan.generated.js';
import * as rules from './rules.js';

/** A rule of rules.ts a schema refines with, by name. */
export type RuleName = {
  [K in keyof typeof rules]: (typeof rules)[K] extends (value: never) => boolean ? K : never;
}[keyof typeof rules];

export type StringCheck =
  | { min: number }
  | { max: number }
  | { pattern: string; flags: string }
  | { overwrite: 'trim' | 'lower' }
  | { rule: RuleName };

export type NumberCheck = { safeInt: true } | { min: number; inclusive: boolean } | { max: number; inclusive: boolean } | { rule: RuleName };

/** zod's "optin"/"optout": whether an object may lack the key, and whether an absent key stays absent. */
export interface Presence {
  optin?: 'optional' | 'defaulted';
  optout?: 'optional';
}

export type PlanNode = Presence &
  (
    | { t: 'any' }
    | { t: 'string'; checks: StringCheck[] }
    | { t: 'number'; checks: NumberCheck[] }
    | { t: 'boolean' }
    | { t: 'oneOf'; values: (string | number | boolean | null)[] }
    | { t: 'stringBool'; truthy: string[]; falsy: string[] }
    | { t: 'toNumber' }
    | { t: 'pipe'; in: PlanNode; out: PlanNode }
    | { t: 'object'; shape: Record<string, PlanNode>; unknownKeys: 'strip' | 'strict' | 'keep'; rules: RuleName[] }
    | { t: 'array'; element: PlanNode; min?: number; max?: number }
    /** An array of anything, of which only the elements that read as something (not null) are kept. */
    | { t: 'keepReadable'; element: PlanNode }
    | { t: 'optional'; inner: PlanNode }
    | { t: 'nullable'; inner: PlanNode }
    | { t: 'default'; inner: PlanNode; value: unknown }
  );

/**
 * Per operation, the plans of its request parts (as the service reads them) and
 * of its answer as the client reads it (reading.ts's clientSchema). A part the
 * operation does not take is absent; null is a part that could not be planned.
 */
export interface OperationPlan {
  params?: PlanNode | null;
  query?: PlanNode | null;
  body?: PlanNode | null;
  reads: PlanNode | null;
  /** The answer as our service must send it (the strict schema its answers are checked with). */
  answers: PlanNode | null;
}

export interface ContractPlan {
  operations: Record<OperationId, OperationPlan>;
  /** An error body, as the client reads it (schemas.ts ErrorBody). */
  error: PlanNode | null;
}

export const FAILED: unique symbol = Symbol('fails the plan');
type Outcome = unknown;

// Compiled once per check of the plan: by the check itself, since a key made of its source would be built and hashed at each use.
const patterns = new WeakMap<{ pattern: string; flags: string }, RegExp>();
function regex(check: { pattern: string; flags: string }): RegExp {
  let pattern = patterns.get(check);
  if (!pattern) patterns.set(check, (pattern = new RegExp(check.pattern, check.flags)));
  return pattern;
}

const rule = (name: RuleName) => rules[name] as (value: unknown) => boolean;

function stringPlan(checks: StringCheck[], value: unknown): Outcome {
  if (typeof value !== 'string') return FAILED;
  let text = value;
  for (const check of checks) {
    if ('min' in check) {
      if (text.length < check.min) return FAILED;
    } else if ('max' in check) {
      if (text.length > check.max) return FAILED;
    } else if ('pattern' in check) {
      const pattern = regex(check);
      pattern.lastIndex = 0;
      if (!pattern.test(text)) return FAILED;
    } else if ('overwrite' in check) text = check.overwrite === 'trim' ? text.trim() : text.toLowerCase();
    else if (!rule(check.rule)(text)) return FAILED;
  }
  return text;
}

function numberPlan(checks: NumberCheck[], value: unknown): Outcome {
  if (typeof value !== 'number' || !Number.isFinite(value)) return FAILED;
  for (const check of checks) {
    if ('safeInt' in check) {
      if (!Number.isSafeInteger(value)) return FAILED;
    } else if ('min' in check) {
      if (check.inclusive ? value < check.min : value <= check.min) return FAILED;
    } else if ('max' in check) {
      if (check.inclusive ? value > check.max : value >= check.max) return FAILED;
    } else if (!rule(check.rule)(value)) return FAILED;
  }
  return value;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const owns = (object: object, key: string) => Object.hasOwn(object, key);

type ObjectNode = Extract<PlanNode, { t: 'object' }>;

/**
 * An object's fields as zod reads them (its handlePropertyResult): an absent
 * optional field stays absent, a defaulted one is filled in. An object that
 * keeps unknown fields comes back itself when none of its fields changes, so
 * reading a large valid answer copies nothing: not even the copy is made
 * until a field differs (an export reads ~10⁵ such objects).
 */
function objectPlan(node: ObjectNode, value: unknown): Outcome {
  if (!isObject(value)) return FAILED;
  const keep = node.unknownKeys === 'keep';
  // Undefined while every field read so far is the input's own (only where unknown fields are kept).
  let out: Record<string, unknown> | undefined = keep ? undefined : {};
  for (const key in node.shape) {
    if (key === '__proto__') continue;
    const field = node.shape[key]!;
    const present = key in value;
    const optionalOut = field.optout === 'optional';
    if (!present && optionalOut && field.optin === 'optional') continue;
    const result = runPlan(field, value[key]);
    if (result === FAILED) {
      if (field.optin !== undefined && optionalOut && !present) continue;
      return FAILED;
    }
    if (!present && field.optin === undefined) return FAILED;
    if (result === undefined && !present && !(field.optin === 'defaulted' && !optionalOut)) continue;
    if (!out && (!present || result !== value[key])) out = fieldsBefore(node, value, key);
    if (out) out[key] = result;
  }
  // zod leaves an own `__proto__` out of what it returns: the input itself would keep it.
  if (!out && owns(value, '__proto__')) out = fieldsBefore(node, value, undefined);
  const same = !out;
  const result = out ?? value;
  if (node.unknownKeys === 'strict') {
    for (const key in value) if (!owns(node.shape, key)) return FAILED;
  } else if (!same && keep) for (const key in value) if (!owns(node.shape, key) && key !== '__proto__') result[key] = value[key];
  for (const name of node.rules) if (!rule(name)(result)) return FAILED;
  return result;
}

/**
 * The copy objectPlan makes once a field differs: the shape's fields before
 * `stop` (all of them without one) that the input has, each read as itself.
 */
function fieldsBefore(node: ObjectNode, value: Record<string, unknown>, stop: string | undefined) {
  const out: Record<string, unknown> = {};
  for (const key in node.shape) {
    if (key === stop) break;
    if (key !== '__proto__' && key in value) out[key] = value[key];
  }
  return out;
}

function arrayPlan(node: Extract<PlanNode, { t: 'array' }>, value: unknown): Outcome {
  if (!Array.isArray(value)) return FAILED;
  if (node.min !== undefined && value.length < node.min) return FAILED;
  if (node.max !== undefined && value.length > node.max) return FAILED;
  let out: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    const result = runPlan(node.element, item);
    if (result === FAILED) return FAILED;
    if (result !== item && !out) out = value.slice(0, i);
    out?.push(result);
  }
  return out ?? value;
}

/** `value` as the schema of `node` reads it, or FAILED (then zod is asked). */
export function runPlan(node: PlanNode, value: unknown): Outcome {
  switch (node.t) {
    case 'any':
      return value;
    case 'string':
      return stringPlan(node.checks, value);
    case 'number':
      return numberPlan(node.checks, value);
    case 'boolean':
      return typeof value === 'boolean' ? value : FAILED;
    case 'oneOf':
      return node.values.includes(value as never) ? value : FAILED;
    case 'stringBool': {
      if (typeof value !== 'string') return FAILED;
      const text = value.toLowerCase();
      return node.truthy.includes(text) ? true : node.falsy.includes(text) ? false : FAILED;
    }
    case 'toNumber':
      return Number(value);
    case 'pipe': {
      const left = runPlan(node.in, value);
      return left === FAILED ? FAILED : runPlan(node.out, left);
    }
    case 'object':
      return objectPlan(node, value);
    case 'array':
      return arrayPlan(node, value);
    case 'keepReadable': {
      if (!Array.isArray(value)) return FAILED;
      const kept: unknown[] = [];
      let same = true;
      for (const item of value as unknown[]) {
        const result = runPlan(node.element, item);
        // Whether zod would leave an element out when it does not read is zod's to say.
        if (result === FAILED) return FAILED;
        if (result === undefined || result === null) same = false;
        else {
          if (result !== item) same = false;
          kept.push(result);
        }
      }
      return same ? value : kept;
    }
    case 'optional':
      if (value !== undefined) return runPlan(node.inner, value);
      return node.inner.optin === 'defaulted' ? runPlan(node.inner, value) : undefined;
    case 'nullable':
      return value === null ? null : runPlan(node.inner, value);
    case 'default':
      if (value === undefined) return node.value;
      {
        const result = runPlan(node.inner, value);
        return result === undefined ? node.value : result;
      }
  }
}

/** Whether an operation takes a request part (params, query or body) at all. */
export function takesPart(operation: OperationId, part: 'params' | 'query' | 'body'): boolean {
  return CONTRACT_PLAN.operations[operation][part] !== undefined;
}

/** `value` as the plan of an operation's part reads it; FAILED when it fails or the part has no plan (ask zod). */
export function readByPlan(operation: OperationId, part: keyof OperationPlan, value: unknown): unknown {
  const plan = CONTRACT_PLAN.operations[operation][part];
  return plan ? runPlan(plan, value) : FAILED;
}

/** An error body as the client reads it, or FAILED. */
export function readErrorByPlan(value: unknown): unknown {
  return CONTRACT_PLAN.error ? runPlan(CONTRACT_PLAN.error, value) : FAILED;
}

/** The zod schema of an operation's part or answer, for what its plan does not read: loading it loads zod. */
export async function schemaOf(operation: OperationId, part: 'params' | 'query' | 'body' | 'response'): Promise<z.ZodType | undefined> {
  const { endpoints } = await import('./endpoints.js');
  return (endpoints[operation] as Endpoint)[part];
}
