import { buildOpenApiDocument } from '../../../api/openapi.js';
import { printJson } from '../../../output/json.js';
import { VERSION } from '../../../version.js';
import type { Handler } from '../../command.js';
import type { openapi } from './index.js';

export const run: Handler<typeof openapi> = async (ctx) => {
  printJson(ctx.io, buildOpenApiDocument(VERSION));
};
