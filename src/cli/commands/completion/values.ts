/**
 * Values TAB offers for an option or argument that accepts more than a fixed
 * list (so not commander's `.choices()`, which would reject the rest), declared
 * beside its definition: `suggest(new Option('--band <band>', …), bands)`.
 */
const suggested = new WeakMap<object, readonly string[]>();

export function suggest<T extends object>(target: T, values: readonly string[]): T {
  suggested.set(target, values);
  return target;
}

export function suggestedValues(target: object): readonly string[] | undefined {
  return suggested.get(target);
}
