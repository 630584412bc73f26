import { buildOpenApiDocument } from '../../../api/openapi.js';
import { printJson } from '../../../output/render.js';
import { VERSION } from '../../../version.js';
import type { Handler } from '../../command.js';

export const run: Handler = async (ctx) => {
  printJson(ctx.io, buildOpenApiDocument(VERSION));
};
