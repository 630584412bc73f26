/**
 * Two readings of one contract. The schemas of src/api/schemas say exactly what *our*
 * service sends, and the server checks its answers against them. The CLI must work
 * with *any* service built from the spec, so it reads answers through a tolerant
 * schema derived here from the same definitions — never written by hand a second time:
 *
 * - fields the spec lists stay required, with the spec's types and not our narrower
 *   rules (any UUID; any ISO 8601 instant; integers of any size and sign; any string
 *   where we send an enum), and null where our own service may send null;
 * - fields only our service sends are marked `extension(...)`: the client takes them
 *   when they are there and readable, and reads them as absent (or null) otherwise;
 * - shapes the spec leaves "not shown" are marked `notShown(...)`: read best effort,
 *   every part optional, unreadable parts dropped;
 * - every object lets unknown fields through (`--json` prints the body as received anyway).
 *
 * The markers also appear in the generated OpenAPI document as `x-rentsurvey`.
 */
import * as z from 'zod/mini';
import { SpecDate, SpecId, SpecInteger, SpecTimestamp, SpecUserId } from './primitives.js';

export const READING_KEY = 'x-rentsurvey';
export type Marker = 'extension' | 'not-shown';

type Schema = z.ZodMiniType;

/** Types the spec gives more widely than our service sends, by name, as specReads takes them. */
const SPEC_TYPES = {
  // The spec types a user summary's id "string (user identifier)": our ids are UUIDs, another service's need not be.
  'user identifier': SpecUserId,
};
export type SpecType = keyof typeof SPEC_TYPES;

// Which schemas the spec reads as one of SPEC_TYPES (a registry: zod's way to attach metadata to a schema).
const specTypes = z.registry<{ specType: SpecType }>();

/** Our service sends `schema`; the spec allows any `specType` (e.g. a user id that is any string). */
export function specReads<S extends Schema>(schema: S, specType: SpecType): S {
  // A copy: the reading must not apply to every use of a shared primitive.
  const copy: Schema = schema.clone();
  specTypes.add(copy, { specType });
  return copy as S;
}

declare const marked: unique symbol;
/** A schema carrying a reading marker in its type, so that `Read<>` can see it. */
export type Marked<S extends Schema, M extends Marker> = S & { readonly [marked]: M };

function mark<S extends Schema, M extends Marker>(schema: S, marker: M, description?: string): Marked<S, M> {
  // The marker goes on a copy, with the original's metadata (its description, never its id: ids are unique) and spec type.
  const copy: Schema = schema.clone();
  const { id: _id, ...kept } = z.globalRegistry.get(schema) ?? {};
  z.globalRegistry.add(copy, { ...kept, [READING_KEY]: marker, ...(description ? { description } : {}) });
  const specType = specTypes.get(schema);
  if (specType) specTypes.add(copy, specType);
  return copy as Marked<S, M>;
}

/** A field only our service sends (not in the spec): optional for the client. */
export function extension<S extends Schema>(schema: S, description?: string): Marked<S, 'extension'> {
  return mark(schema, 'extension', description);
}

/** A field or shape the spec leaves "not shown": the client reads it best effort. */
export function notShown<S extends Schema>(schema: S, description?: string): Marked<S, 'not-shown'> {
  return mark(schema, 'not-shown', description);
}

export function markerOf(schema: Schema): Marker | undefined {
  const value = z.globalRegistry.get(schema)?.[READING_KEY];
  return value === 'extension' || value === 'not-shown' ? value : undefined;
}

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
  const specType = specTypes.get(schema)?.specType;
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
export type Read<S> = S extends { readonly [marked]: 'extension' }
  ? ReadPlain<S> | null | undefined
  : S extends { readonly [marked]: 'not-shown' }
    ? Lenient<S>
    : ReadPlain<S>;

type ReadPlain<S> =
  S extends z.ZodMiniObject<infer Shape>
    ? ReadShape<Shape>
    : S extends z.ZodMiniArray<infer E>
      ? E extends { readonly [marked]: 'not-shown' }
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
