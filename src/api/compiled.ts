/**
 * A schema read again in the same run is read by zod's compiled form of it
 * (z.compile: generated code for the accepting path, zod's own parser for
 * anything it would refuse, so values and issues are the same). The first
 * reading goes through zod as it is: a command that reads one answer never pays
 * the compilation (≈ 2–4 ms for the pricing page), while `pricing export`,
 * `overview --all` and a busy `serve` read their answers ≈ 6–15× faster
 * (docs/api-decisions.md, "Where answers are checked").
 */
import type * as z from 'zod/mini';

type Schema = z.ZodMiniType;

const readers = new WeakMap<Schema, Schema | 'read once'>();

export async function readerOf<S extends Schema>(schema: S): Promise<S> {
  const known = readers.get(schema);
  if (known === undefined) {
    readers.set(schema, 'read once');
    return schema;
  }
  if (known !== 'read once') return known as S;
  const { compile } = await import('zod/mini');
  const compiled = compile(schema);
  readers.set(schema, compiled);
  return compiled;
}
