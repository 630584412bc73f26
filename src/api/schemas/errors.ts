import * as z from 'zod/mini';

/** The codes of our error answers (docs/api-decisions.md, "Error shape, codes and statuses"). */
export const ErrorCode = z.enum([
  'validation_error',
  'invalid_json',
  'bad_request',
  'headers_too_large',
  'request_timeout',
  'expectation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'comp_limit_reached',
  'unknown_user',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'mail_failed',
  'internal_error',
]);

/** The one error shape of every operation. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().register(z.globalRegistry, { description: `one of ${ErrorCode.options.join(', ')}` }),
      message: z.string(),
      details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    }),
  })
  .register(z.globalRegistry, { id: 'Error' });

export type ErrorDetail = NonNullable<z.output<typeof ErrorBody>['error']['details']>[number];
