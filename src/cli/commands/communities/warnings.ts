/**
 * What `communities create` and `update` say on stderr after the record is written, when it is
 * allowed but will surprise later (the spec allows both): a name the organization already has
 * (every later reference by that name asks which one), a zip code with no place (no distances).
 */
import type { CommandContext } from '../../context.js';
import { communitiesNamed } from '../../references.js';
import { warnIfNotUsZip } from '../../zip-check.js';

/** The record as written: its id, name and zip code. */
interface Written {
  id: string;
  name: string;
}

export async function warnAboutRecord(ctx: CommandContext, written: Written, given: { name?: string | undefined; zipcode?: string | undefined }): Promise<void> {
  if (given.name !== undefined) await warnSameName(ctx, written);
  warnIfNotUsZip(ctx, given.zipcode, `${written.name} has no coordinates, so its comparables get no distances`);
}

/** Another community of the organization with this name, named by its external id and id (a lookup that fails only says so with --debug). */
async function warnSameName(ctx: CommandContext, written: Written): Promise<void> {
  let others;
  try {
    others = (await communitiesNamed(ctx, written.name)).filter((c) => c.id !== written.id);
  } catch (error) {
    ctx.log.debug(`could not look for other communities named ${JSON.stringify(written.name)}: ${String(error)}`);
    return;
  }
  if (others.length === 0) return;
  const which = others.map((c) => `${c.external_community_id ? `external id ${c.external_community_id}` : 'no external id'}, id ${c.id}`).join('; ');
  const count = others.length === 1 ? 'another community' : `${others.length} other communities`;
  ctx.log.warn(
    `your organization has ${count} named "${written.name}" (${which}): a command given that name now asks which one; name each by its external id or id`,
  );
}
