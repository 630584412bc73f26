import { expect, test } from 'vitest';
import { distanceMiles } from './geo.js';

test('haversine distance in miles', () => {
  const austin = { latitude: 30.2672, longitude: -97.7431 };
  const dallas = { latitude: 32.7767, longitude: -96.797 };
  expect(distanceMiles(austin, austin)).toBe(0);
  // Austin to Dallas downtowns is about 182 miles as the crow flies.
  expect(distanceMiles(austin, dallas)).toBeGreaterThan(180);
  expect(distanceMiles(austin, dallas)).toBeLessThan(184);
  expect(distanceMiles(austin, dallas)).toBe(distanceMiles(dallas, austin));
});
