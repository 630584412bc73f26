/**
 * The rent a position is read on (--basis): net effective rent, what a lease costs
 * after concessions, or asking rent. PSI, CRI, band, gap, signal and targets each
 * take one.
 */
export type Basis = 'ner' | 'asking';

/** The basis in a sentence: "on net effective rent". */
export const BASIS_TEXT: Record<Basis, string> = { ner: 'net effective rent', asking: 'asking rent' };

/** A survey's rent on the basis, as the spec's pricing records and floor plans carry both. */
export function rentOnBasis(record: { market_rent_cents: number; net_effective_rent_cents: number }, basis: Basis): number {
  return basis === 'ner' ? record.net_effective_rent_cents : record.market_rent_cents;
}
