/**
 * Compiles the contract's zod schemas into plans (plan.ts). What a plan cannot
 * say exactly — a refinement that is not a named rule of rules.ts, a format
 * that is more than a pattern, a transform other than Number — makes that
 * request part unplanned (zod reads it, as before), never approximated.
 * Run by scripts/contract-plan.js; plan.test.ts checks that
 * plan.generated.ts is what this gives today.
 */
import type { z } from 'zod';
import { endpoints, type OperationId } from './endpoints.js';
import type { ContractPlan, NumberCheck, OperationPlan, PlanNode, Presence, RuleName, StringCheck } from './plan.js';
import { IdList, QueryBoolean } from './primitives.js';
import { clientSchema, readableElement } from './reading.js';
import * as rules from './rules.js';
import { ErrorBody } from './schemas.js';

class Unplannable extends Error {}

const ruleNames = new Map<unknown, RuleName>(
  Object.entries(rules)
    .filter(([, value]) => typeof value === 'function')
    .map(([name, value]) => [value, name as RuleName]),
);

// Schemas built from closures that the plan states by what they are.
const known = new Map<z.ZodType, PlanNode>([
  [QueryBoolean, { t: 'stringBool', truthy: rules.QUERY_TRUE, falsy: rules.QUERY_FALSE }],
  [IdList, { t: 'string', checks: [{ min: 1 }, { rule: 'isIdList' }] }],
]);

// zod's own overwrites (.trim(), .toLowerCase()), by their source text: `(input) => input.trim()`
// (a bundler may rename the parameter).
const OVERWRITE = /^\((\w+)\) => \1\.(trim|toLowerCase)\(\)$/;
const overwriteOf = (tx: unknown) => {
  const method = OVERWRITE.exec(String(tx))?.[2];
  return method === 'trim' ? 'trim' : method === 'toLowerCase' ? 'lower' : undefined;
};

// String formats that are exactly their pattern (z.url, say, is not: it parses with new URL).
const PATTERN_FORMATS = new Set(['guid', 'uuid', 'email', 'date', 'datetime', 'regex']);

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  tx?: unknown;
  fn?: unknown;
}

type Internals = {
  def: Record<string, unknown> & { type: string; checks?: { _zod: { def: CheckDef } }[] };
  optin?: 'optional' | 'defaulted';
  optout?: 'optional';
  traits: Set<string>;
};
const internals = (schema: z.ZodType) => (schema as unknown as { _zod: Internals })._zod;

/** The checks zod runs on a schema: a format schema (z.guid()) is its own first check. */
function checksOf(schema: z.ZodType): CheckDef[] {
  const zod = internals(schema);
  const own = zod.traits.has('$ZodCheck') ? [zod.def as unknown as CheckDef] : [];
  return [...own, ...(zod.def.checks ?? []).map((check) => check._zod.def)];
}

function ruleOf(check: CheckDef): RuleName {
  const name = ruleNames.get(check.fn);
  if (!name) throw new Unplannable('a refinement that is not a rule of rules.ts');
  return name;
}

function stringChecks(schema: z.ZodType): StringCheck[] {
  return checksOf(schema).map((check): StringCheck => {
    switch (check.check) {
      case 'min_length':
        return { min: check.minimum! };
      case 'max_length':
        return { max: check.maximum! };
      case 'string_format':
        if (!PATTERN_FORMATS.has(check.format!) || !(check.pattern instanceof RegExp))
          throw new Unplannable(`the string format ${check.format}`);
        return { pattern: check.pattern.source, flags: check.pattern.flags };
      case 'overwrite': {
        const overwrite = overwriteOf(check.tx);
        if (!overwrite) throw new Unplannable('an overwrite other than trim or toLowerCase');
        return { overwrite };
      }
      case 'custom':
        return { rule: ruleOf(check) };
      default:
        throw new Unplannable(`the string check ${check.check}`);
    }
  });
}

function numberChecks(schema: z.ZodType): NumberCheck[] {
  return checksOf(schema).map((check): NumberCheck => {
    switch (check.check) {
      case 'number_format':
        if (check.format !== 'safeint') throw new Unplannable(`the number format ${check.format}`);
        return { safeInt: true };
      case 'greater_than':
        return { min: check.value!, inclusive: check.inclusive! };
      case 'less_than':
        return { max: check.value!, inclusive: check.inclusive! };
      case 'custom':
        return { rule: ruleOf(check) };
      default:
        throw new Unplannable(`the number check ${check.check}`);
    }
  });
}

function lengths(schema: z.ZodType): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  for (const check of checksOf(schema))
    if (check.check === 'min_length') out.min = check.minimum!;
    else if (check.check === 'max_length') out.max = check.maximum!;
    else throw new Unplannable(`the array check ${check.check}`);
  return out;
}

function noChecks(schema: z.ZodType): void {
  if (checksOf(schema).length > 0) throw new Unplannable(`checks on a ${internals(schema).def.type}`);
}

/** The plan of one schema (throws Unplannable). */
function planOf(schema: z.ZodType): PlanNode {
  const { optin, optout } = internals(schema);
  const presence: Presence = { ...(optin ? { optin } : {}), ...(optout ? { optout } : {}) };
  const { optin: _in, optout: _out, ...node } = bare(schema);
  return { ...node, ...presence } as PlanNode;
}

function bare(schema: z.ZodType): PlanNode {
  const preset = known.get(schema);
  if (preset) return preset;
  const def = internals(schema).def;
  const inner = () => planOf(def.innerType as z.ZodType);
  switch (def.type) {
    case 'string':
      return { t: 'string', checks: stringChecks(schema) };
    case 'number':
      return { t: 'number', checks: numberChecks(schema) };
    case 'boolean':
      noChecks(schema);
      return { t: 'boolean' };
    case 'enum':
      noChecks(schema);
      return { t: 'oneOf', values: Object.values(def.entries as Record<string, string>) };
    case 'literal':
      noChecks(schema);
      return { t: 'oneOf', values: [...(def.values as (string | number | boolean | null)[])] };
    case 'unknown':
    case 'any':
      noChecks(schema);
      return { t: 'any' };
    case 'object': {
      const catchall = def.catchall as z.ZodType | undefined;
      const catchallType = catchall ? internals(catchall).def.type : undefined;
      const unknownKeys = catchallType === undefined ? 'strip' : catchallType === 'never' ? 'strict' : catchallType === 'unknown' ? 'keep' : undefined;
      if (!unknownKeys) throw new Unplannable(`an object whose other fields are ${catchallType}`);
      const shape = Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, planOf(field)]));
      const objectRules = checksOf(schema).map((check) => {
        if (check.check !== 'custom') throw new Unplannable(`the object check ${check.check}`);
        return ruleOf(check);
      });
      return { t: 'object', shape, unknownKeys, rules: objectRules };
    }
    case 'array':
      return { t: 'array', element: planOf(def.element as z.ZodType), ...lengths(schema) };
    case 'optional':
      noChecks(schema);
      return { t: 'optional', inner: inner() };
    case 'nullable':
      noChecks(schema);
      return { t: 'nullable', inner: inner() };
    case 'default': {
      noChecks(schema);
      const value = def.defaultValue;
      if (value !== null && typeof value === 'object') throw new Unplannable('a default that is an object');
      return { t: 'default', inner: inner(), value };
    }
    case 'catch': {
      noChecks(schema);
      const catchValue = (def.catchValue as (ctx: unknown) => unknown)({ error: undefined, input: undefined, value: undefined, issues: [] });
      if (catchValue !== undefined) throw new Unplannable('a catch with a value');
      // Whether a value that does not read is absent is left to zod (plan.ts): the plan reads the rest.
      return inner();
    }
    case 'pipe': {
      noChecks(schema);
      if (def.transform) throw new Unplannable('a codec');
      const out = def.out as z.ZodType;
      const element = internals(out).def.type === 'transform' ? readableElement(internals(out).def.transform) : undefined;
      if (element) {
        if (internals(def.in as z.ZodType).def.type !== 'array') throw new Unplannable('readable elements of a non-array');
        return { t: 'keepReadable', element: planOf(element) };
      }
      return { t: 'pipe', in: planOf(def.in as z.ZodType), out: planOf(out) };
    }
    case 'transform':
      noChecks(schema);
      if (def.transform !== Number) throw new Unplannable('a transform other than Number');
      return { t: 'toNumber' };
    default:
      throw new Unplannable(`a zod ${def.type}`);
  }
}

/** The plan of a schema, or undefined when some part of it cannot be planned exactly. */
export function tryPlan(schema: z.ZodType): PlanNode | undefined {
  try {
    return planOf(schema);
  } catch (error) {
    if (error instanceof Unplannable) return undefined;
    throw error;
  }
}

export function contractPlan(): ContractPlan {
  const operations = Object.fromEntries(
    Object.entries(endpoints).map(([operationId, endpoint]) => {
      const parts: OperationPlan = {
        reads: tryPlan(clientSchema(endpoint.response)) ?? null,
        answers: tryPlan(endpoint.response) ?? null,
      };
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = (endpoint as Partial<Record<typeof part, z.ZodType>>)[part];
        if (schema) parts[part] = tryPlan(schema) ?? null;
      }
      return [operationId, parts];
    }),
  ) as Record<OperationId, OperationPlan>;
  return { operations, error: tryPlan(ErrorBody) ?? null };
}

/** The text of plan.generated.ts. */
export function planSource(plan: ContractPlan): string {
  return `// Generated by scripts/contract-plan.js from src/api (npm run plan); do not edit.
import type { ContractPlan } from './plan.js';

// JSON text: parsed at load, faster than compiling the same object as a JavaScript literal.
export const CONTRACT_PLAN: ContractPlan = JSON.parse(${JSON.stringify(JSON.stringify(plan))}) as ContractPlan;
`;
}
