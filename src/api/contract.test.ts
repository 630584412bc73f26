import { describe, expect, test } from 'vitest';
import { loadEndpoint } from './contract.js';
import { endpoints } from './endpoints.js';
import { routes, type OperationId } from './routes.js';

const operations = Object.keys(routes) as OperationId[];

describe('the contract at run time', () => {
  test('every operation loads as the very endpoint of the whole table, with its route', async () => {
    expect(Object.keys(endpoints).sort()).toEqual([...operations].sort());
    for (const operation of operations) {
      const endpoint = await loadEndpoint(operation);
      expect(endpoint, operation).toBe(endpoints[operation]);
      expect(endpoint, operation).toMatchObject(routes[operation]);
    }
  });
});
