/**
 * HTML for people (the report, the digest's HTML and e-mail): server text made
 * inert, whichever document it goes into.
 */
import { sanitize } from './text.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made inert in HTML, in an element or an attribute: no control characters (sanitize), markup characters as entities. */
export function escapeHtml(text: string): string {
  return sanitize(text).replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}
