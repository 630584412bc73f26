/**
 * The client's tolerant reading of the contract. The schemas of src/api/schemas say
 * exactly what *our* service sends, and the service checks its answers against them
 * (so does the client, for our own service's answers in process). The CLI must work
 * with *any* service built from the spec, so it reads a remote answer through a
 * tolerant schema derived here from the same definitions — never written by hand a
 * second time:
 *
 * - fields the spec lists stay required, with the spec's types and not our narrower
 *   rules (any UUID; any ISO 8601 instant; integers of any size and sign; any string
 *   where we send an enum), and null where our own service may send null;
 * - what markers.ts marks is read as it says (extensions optional, "not shown" best effort);
 * - every object lets unknown fields through (`--json` prints the body as received anyway).
 *
 * Loaded by the client for a remote answer only: neither the service nor --local needs it.
 */
import * as z from 'zod/mini';
import { markerOf, specTypeOf, type Marked, type SpecType } from './markers.js';
import { isInteger, isIsoInstant } from './rules.js';

type Schema = z.ZodMiniType;

// ---------------------------------------------------------------- the spec's types
// What the CLI accepts from *any* service that follows the spec, beside the strict
// primitives (primitives.ts) that our own service emits: plain() maps each strict
// primitive to one of these.

/** Any 8-4-4-4-12 hex id, of any version or variant. */
export const SpecId = z.guid({ message: 'expected a UUID' });

/** A user summary's id: the spec types it "string (user identifier)", not a UUID. */
const SpecUserId = z.string().check(z.minLength(1, 'expected a non-empty user identifier'));

/** Any ISO 8601 instant: with or without milliseconds, `Z` or an offset. */
export const SpecTimestamp = z
  .string()
  .check(z.refine(isIsoInstant, 'expected an ISO 8601 timestamp with Z or an offset, e.g. 2026-08-24T14:15:22Z'));

/** A calendar date, YYYY-MM-DD. */
const SpecDate = z.iso.date({ message: 'expected a date YYYY-MM-DD' });

/** An integer of any size (JSON's 12.0 is 12); the CLI shows what it is sent. */
const SpecInteger = z.number().check(z.refine(isInteger, 'expected an integer'));

/** How the spec reads each SpecType of markers.ts. */
const SPEC_TYPES: Record<SpecType, Schema> = {
  // The spec types a user summary's id "string (user identifier)": our ids are UUIDs, another service's need not be.
  'user identifier': SpecUserId,
};

// ---------------------------------------------------------------- runtime

// Readings already derived: a cache (each is built on first use), not metadata.
const readings = new WeakMap<Schema, Schema>();

/** The tolerant schema the client checks an answer with; built once per schema, on first use. */
export function clientSchema<S extends Schema>(schema: S): z.ZodMiniType<Read<S>> {
  let reading = readings.get(schema);
  if (!reading) {
    const marker = markerOf(schema);
    reading = marker === 'extension' ? absentUnlessReadable(plain(schema)) : marker === 'not-shown' ? lenient(schema) : plain(schema);
    readings.set(schema, reading);
  }
  return reading as z.ZodMiniType<Read<S>>;
}

/** Absent or null as sent; unreadable (another service's field of the same name, say) as absent. */
function absentUnlessReadable(schema: Schema): Schema {
  return z.catch(z.nullish(schema), undefined);
}

// What a wrapper wraps, an array's element, an object's fields: zod/mini's public `def`.
const inner = (schema: Schema) => (schema as z.ZodMiniOptional<Schema>).def.innerType as Schema;
const elementOf = (schema: Schema) => (schema as z.ZodMiniArray<Schema>).def.element as Schema;
const formatOf = (schema: Schema) => (schema.def as { format?: string }).format;

function mapShape(schema: Schema, field: (value: Schema) => Schema): Record<string, Schema> {
  const shape = (schema as z.ZodMiniObject).shape as Record<string, Schema>;
  return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, field(value)]));
}

/** The spec's reading of a schema without a marker of its own. */
function plain(schema: Schema): Schema {
  const specType = specTypeOf(schema);
  if (specType) return SPEC_TYPES[specType];
  switch (schema.type) {
    case 'object':
      return z.looseObject(mapShape(schema, clientSchema));
    case 'array': {
      const element = elementOf(schema);
      // Elements whose shape the spec does not show: keep those that read as something.
      if (markerOf(element) === 'not-shown') return z.pipe(z.array(z.unknown()), z.transform(readable(clientSchema(element))));
      return z.array(clientSchema(element));
    }
    case 'nullable':
      return z.nullable(clientSchema(inner(schema)));
    case 'optional':
      return z.optional(clientSchema(inner(schema)));
    case 'default':
    case 'prefault':
      return clientSchema(inner(schema));
    case 'string': {
      const format = formatOf(schema);
      if (format === 'guid' || format === 'uuid') return SpecId;
      if (format === 'datetime') return SpecTimestamp;
      if (format === 'date') return SpecDate;
      return z.string();
    }
    case 'enum':
      // A value added to an enum later (a new role, a new status) is shown as sent, not refused.
      return z.string();
    case 'number':
      return formatOf(schema)?.includes('int') ? SpecInteger : z.number();
    case 'boolean':
      return z.boolean();
    case 'literal':
    case 'unknown':
    case 'any':
      return schema;
    case 'union':
      return z.union((schema as z.ZodMiniUnion<Schema[]>).def.options.map(clientSchema));
    case 'record': {
      const { keyType, valueType } = (schema as z.ZodMiniRecord<z.ZodMiniString, Schema>).def;
      return z.record(keyType, clientSchema(valueType));
    }
    default:
      throw new Error(`src/api/reading.ts has no client reading for a zod ${schema.type} schema`);
  }
}

/** Best effort, all the way down: every field optional, anything unreadable absent. */
function lenient(schema: Schema): Schema {
  switch (schema.type) {
    case 'object':
      return z.catch(z.nullish(z.looseObject(mapShape(schema, (field) => z.optional(lenient(field))))), undefined);
    case 'array':
      return z.catch(z.nullish(z.pipe(z.array(z.unknown()), z.transform(readable(lenient(elementOf(schema)))))), undefined);
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
      return lenient(inner(schema));
    default:
      return absentUnlessReadable(plain(schema));
  }
}

/** Reads each element with `reading`; elements that read as nothing are left out. */
function readable(reading: Schema) {
  return (items: unknown[]): unknown[] =>
    items.flatMap((item) => {
      const result = reading.safeParse(item);
      return result.success && result.data !== undefined && result.data !== null ? [result.data] : [];
    });
}

// ---------------------------------------------------------------- types

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ReadShape<Shape> = Simplify<
  { [K in keyof Shape as undefined extends Read<Shape[K]> ? never : K]: Read<Shape[K]> } & {
    [K in keyof Shape as undefined extends Read<Shape[K]> ? K : never]?: Read<Shape[K]>;
  }
>;

type LenientShape<Shape> = Simplify<{ [K in keyof Shape]?: Lenient<Shape[K]> }>;

/** What the client's reading of a schema yields (the type of `clientSchema(S)`'s output). */
export type Read<S> = S extends Marked<Schema, 'extension'>
  ? ReadPlain<S> | null | undefined
  : S extends Marked<Schema, 'not-shown'>
    ? Lenient<S>
    : ReadPlain<S>;

type ReadPlain<S> =
  S extends z.ZodMiniObject<infer Shape>
    ? ReadShape<Shape>
    : S extends z.ZodMiniArray<infer E>
      ? E extends Marked<Schema, 'not-shown'>
        ? NonNullable<Read<E>>[]
        : Read<E>[]
      : S extends z.ZodMiniNullable<infer I>
        ? Read<I> | null
        : S extends z.ZodMiniOptional<infer I>
          ? Read<I> | undefined
          : S extends z.ZodMiniDefault<infer I>
            ? Read<I>
            : S extends z.ZodMiniEnum
              ? string
              : S extends z.ZodMiniType
                ? z.output<S>
                : never;

type Lenient<S> =
  S extends z.ZodMiniObject<infer Shape>
    ? LenientShape<Shape> | null | undefined
    : S extends z.ZodMiniArray<infer E>
      ? NonNullable<Lenient<E>>[] | null | undefined
      : S extends z.ZodMiniNullable<infer I> | z.ZodMiniOptional<infer I> | z.ZodMiniDefault<infer I>
        ? Lenient<I>
        : ReadPlain<S> | null | undefined;
