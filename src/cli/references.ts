/**
 * Community arguments, resolved in one place. Today a reference is a community
 * id (a UUID), as every command takes; names, id prefixes and external ids
 * (the names issue) resolve here, so commands that call this change with it.
 */
import { Id } from '../api/primitives.js';
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';

/** The id of the community `ref` names; `flag` is how the user passed it ("<community>", "--communities"). */
export async function resolveCommunity(_ctx: CommandContext, ref: string, flag: string): Promise<string> {
  const id = ref.trim();
  if (!Id.safeParse(id).success)
    throw new UsageError(`${flag}: "${ref}" is not a community id (a UUID)`, 'the ids are in `rentsurvey portfolio`');
  return id.toLowerCase();
}

/** A comma-separated list of references (`--communities a,b`), each resolved, duplicates folded, order kept. */
export async function resolveCommunityList(ctx: CommandContext, list: string, flag: string): Promise<string[]> {
  const refs = list
    .split(',')
    .map((ref) => ref.trim())
    .filter((ref) => ref !== '');
  if (refs.length === 0) throw new UsageError(`${flag} needs at least one community`);
  const ids: string[] = [];
  for (const ref of refs) ids.push(await resolveCommunity(ctx, ref, flag));
  return [...new Set(ids)];
}
