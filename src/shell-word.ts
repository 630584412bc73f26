/**
 * A word as a POSIX shell reads it back, so that a command we print can be pasted as it is:
 * plain when it holds nothing the shell treats specially, else in single quotes.
 */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
