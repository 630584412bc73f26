/**
 * Two readings of one contract. The schemas in schemas.ts say exactly what *our*
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
import { z } from 'zod';
import { Cents, Id, IsoDate, NonNegativeInt, SpecDate, SpecId, SpecInteger, SpecTimestamp, Timestamp } from './primitives.js';

export const READING_KEY = 'x-rentsurvey';
export type Marker = 'extension' | 'not-shown';

// Client readings registered for particular schema instances: the strict primitives, and fields declared with specReads.
const clientOverrides = new WeakMap<z.ZodType, z.ZodType>();

/** Our service sends `schema`; the spec allows anything `client` accepts (e.g. a user id that is any string). */
export function specReads<S extends z.ZodType>(schema: S, client: z.ZodType<z.output<S>>): S {
  const copy = schema.clone() as S; // a copy: the override must not apply to every use of a shared primitive
  clientOverrides.set(copy, client);
  return copy;
}

// The strict primitives by identity, so that the mapping holds however they are built.
for (const [strict, spec] of [
  [Id, SpecId],
  [Timestamp, SpecTimestamp],
  [IsoDate, SpecDate],
  [Cents, SpecInteger],
  [NonNegativeInt, SpecInteger],
] as const)
  clientOverrides.set(strict, spec);

declare const marked: unique symbol;
/** A schema carrying a reading marker in its type, so that `Read<>` can see it. */
export type Marked<S extends z.ZodType, M extends Marker> = S & { readonly [marked]: M };

function mark<S extends z.ZodType, M extends Marker>(schema: S, marker: M, description?: string): Marked<S, M> {
  // .meta() replaces the metadata of the copy it makes: keep a description, never an id (ids must stay unique).
  const { id: _id, ...kept } = (z.globalRegistry.get(schema) ?? {}) as Record<string, unknown>;
  const copy = schema.meta({ ...kept, [READING_KEY]: marker, ...(description ? { description } : {}) });
  const override = clientOverrides.get(schema);
  if (override) clientOverrides.set(copy, override);
  return copy as Marked<S, M>;
}

/** A field only our service sends (not in the spec): optional for the client. */
export function extension<S extends z.ZodType>(schema: S, description?: string): Marked<S, 'extension'> {
  return mark(schema, 'extension', description);
}

/** A field or shape the spec leaves "not shown": the client reads it best effort. */
export function notShown<S extends z.ZodType>(schema: S, description?: string): Marked<S, 'not-shown'> {
  return mark(schema, 'not-shown', description);
}

export function markerOf(schema: z.ZodType): Marker | undefined {
  const value = (z.globalRegistry.get(schema) as Record<string, unknown> | undefined)?.[READING_KEY];
  return value === 'extension' || value === 'not-shown' ? value : undefined;
}

// ---------------------------------------------------------------- runtime

const readings = new WeakMap<z.ZodType, z.ZodType>();

/** The tolerant schema the client checks an answer with; built once per schema. */
export function clientSchema<S extends z.ZodType>(schema: S): z.ZodType<Read<S>> {
  let reading = readings.get(schema);
  if (!reading) {
    const marker = markerOf(schema);
    reading = marker === 'extension' ? absentUnlessReadable(plain(schema)) : marker === 'not-shown' ? lenient(schema) : plain(schema);
    readings.set(schema, reading);
  }
  return reading as z.ZodType<Read<S>>;
}

/** Absent or null as sent; unreadable (another service's field of the same name, say) as absent. */
function absentUnlessReadable(schema: z.ZodType): z.ZodType {
  return schema.nullish().catch(undefined);
}

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; valueType?: z.ZodType; keyType?: z.ZodType };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  return (schema as z.ZodObject).shape as Record<string, z.ZodType>;
}

function mapShape(schema: z.ZodType, field: (value: z.ZodType) => z.ZodType): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(shapeOf(schema)).map(([key, value]) => [key, field(value)]));
}

/** The spec's reading of a schema without a marker of its own. */
function plain(schema: z.ZodType): z.ZodType {
  const override = clientOverrides.get(schema);
  if (override) return override;
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return z.looseObject(mapShape(schema, clientSchema));
    case 'array': {
      const element = def.element!;
      // Elements whose shape the spec does not show: keep those that read as something.
      if (markerOf(element) === 'not-shown') return z.array(z.unknown()).transform(readable(clientSchema(element)));
      return z.array(clientSchema(element));
    }
    case 'nullable':
      return clientSchema(def.innerType!).nullable();
    case 'optional':
      return clientSchema(def.innerType!).optional();
    case 'default':
    case 'prefault':
      return clientSchema(def.innerType!);
    case 'string': {
      const format = (schema as z.ZodString).format;
      if (format === 'guid' || format === 'uuid') return SpecId;
      if (format === 'datetime') return SpecTimestamp;
      if (format === 'date') return SpecDate;
      return z.string();
    }
    case 'enum':
      // A value added to an enum later (a new role, a new status) is shown as sent, not refused.
      return z.string();
    case 'number':
      return (schema as z.ZodNumber).isInt ? SpecInteger : z.number();
    case 'boolean':
      return z.boolean();
    case 'literal':
    case 'unknown':
    case 'any':
      return schema;
    case 'union':
      return z.union(def.options!.map(clientSchema) as [z.ZodType, z.ZodType]);
    case 'record':
      return z.record(def.keyType as z.ZodString, clientSchema(def.valueType!));
    default:
      throw new Error(`src/api/reading.ts has no client reading for a zod ${def.type} schema`);
  }
}

/** Best effort, all the way down: every field optional, anything unreadable absent. */
function lenient(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return z.looseObject(mapShape(schema, (field) => lenient(field).optional())).nullish().catch(undefined);
    case 'array':
      return z.array(z.unknown()).transform(readable(lenient(def.element!))).nullish().catch(undefined);
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
      return lenient(def.innerType!);
    default:
      return absentUnlessReadable(plain(schema));
  }
}

// Each `readable` transform and the reading of its elements, for plan-compile.ts to see through the closure.
const readableElements = new WeakMap<(items: unknown[]) => unknown[], z.ZodType>();

/** Reads each element with `reading`; elements that read as nothing are left out. */
function readable(reading: z.ZodType) {
  const keepReadable = (items: unknown[]): unknown[] =>
    items.flatMap((item) => {
      const result = reading.safeParse(item);
      return result.success && result.data !== undefined && result.data !== null ? [result.data] : [];
    });
  readableElements.set(keepReadable, reading);
  return keepReadable;
}

/** The element reading of a transform made by `readable`, if it is one (for plan-compile.ts, a build tool). @internal */
export function readableElement(transform: unknown): z.ZodType | undefined {
  return readableElements.get(transform as (items: unknown[]) => unknown[]);
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
  S extends z.ZodObject<infer Shape>
    ? ReadShape<Shape>
    : S extends z.ZodArray<infer E>
      ? E extends { readonly [marked]: 'not-shown' }
        ? NonNullable<Read<E>>[]
        : Read<E>[]
      : S extends z.ZodNullable<infer I>
        ? Read<I> | null
        : S extends z.ZodOptional<infer I>
          ? Read<I> | undefined
          : S extends z.ZodDefault<infer I>
            ? Read<I>
            : S extends z.ZodEnum
              ? string
              : S extends z.ZodType
                ? z.output<S>
                : never;

type Lenient<S> =
  S extends z.ZodObject<infer Shape>
    ? LenientShape<Shape> | null | undefined
    : S extends z.ZodArray<infer E>
      ? NonNullable<Lenient<E>>[] | null | undefined
      : S extends z.ZodNullable<infer I> | z.ZodOptional<infer I> | z.ZodDefault<infer I>
        ? Lenient<I>
        : ReadPlain<S> | null | undefined;
