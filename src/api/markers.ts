/**
 * How the contract marks what the spec does not promise, for the client's tolerant
 * reading (reading.ts) and the OpenAPI document (`x-rentsurvey`). The schemas of
 * src/api/schemas say exactly what *our* service sends; marked there:
 *
 * - `extension(...)`: a field only our service sends: the client takes it when it is
 *   there and readable, and reads it as absent (or null) otherwise;
 * - `notShown(...)`: a shape the spec leaves "not shown": read best effort, every
 *   part optional, unreadable parts dropped;
 * - `specReads(..., type)`: a field the spec types more widely than we send (a user
 *   id that is any string).
 *
 * Only metadata: marking costs the contract nothing, and the service never loads the reading.
 */
import * as z from 'zod/mini';

export const READING_KEY = 'x-rentsurvey';
export type Marker = 'extension' | 'not-shown';

/** Types the spec gives more widely than our service sends, by name (reading.ts reads each). */
export type SpecType = 'user identifier';

type Schema = z.ZodMiniType;

// Which schemas the spec reads as a SpecType (a registry: zod's way to attach metadata to a schema).
const specTypes = z.registry<{ specType: SpecType }>();

/** Our service sends `schema`; the spec allows any `specType` (e.g. a user id that is any string). */
export function specReads<S extends Schema>(schema: S, specType: SpecType): S {
  // A copy: the reading must not apply to every use of a shared primitive.
  const copy: Schema = schema.clone();
  specTypes.add(copy, { specType });
  return copy as S;
}

/** The SpecType `schema` was marked with, if any. */
export function specTypeOf(schema: Schema): SpecType | undefined {
  return specTypes.get(schema)?.specType;
}

declare const marked: unique symbol;
/** A schema carrying a reading marker in its type, so that reading.ts's `Read<>` can see it. */
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
