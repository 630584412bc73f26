/**
 * Flags (and their environment variables) that take a URL with a secret in it:
 * `--smtp-url` of serve and digest, digest's `--webhook-url`. A bad one is refused
 * before anything starts, without echoing it (it may hold a password).
 */
import { SMTP_EXAMPLE, SMTP_PROTOCOLS } from '../smtp.js';
import { UsageError } from './errors.js';

/** `value` as a URL of one of `protocols`; `flag` names where it came from. */
export function urlFlag(flag: string, value: string, protocols: readonly string[], example: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`${flag} is not a URL`, `like ${example}`);
  }
  if (!protocols.includes(url.protocol)) throw new UsageError(`${flag} must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL`, `like ${example}`);
  return url;
}

/** The SMTP server of --smtp-url, else of RENTSURVEY_SMTP_URL (an empty one is unset); undefined when neither is given. */
export function smtpUrlFlag(flagValue: string | undefined, env: NodeJS.ProcessEnv): URL | undefined {
  const value = flagValue ?? (env.RENTSURVEY_SMTP_URL || undefined);
  if (value === undefined) return undefined;
  return urlFlag(flagValue === undefined ? 'RENTSURVEY_SMTP_URL' : '--smtp-url', value, SMTP_PROTOCOLS, SMTP_EXAMPLE);
}
