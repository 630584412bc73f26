import { describe, expect, it } from 'vitest';
import { parseQuery, route } from './router.js';

const ID = '3f1c2b4a-0000-4000-8000-000000000001';

describe('the router', () => {
  it('finds the operation and decodes its path parameters; HEAD reads as GET; one trailing slash is tolerated', () => {
    expect(route('GET', `/v1/rentsurvey/communities/${ID}/comps`)).toMatchObject({ operationId: 'listComps', params: { id: ID } });
    expect(route('HEAD', '/v1/rentsurvey/portfolio')).toMatchObject({ operationId: 'getPortfolio' });
    expect(route('GET', '/v1/communities/')).toMatchObject({ operationId: 'listCommunities' });
    expect(route('PATCH', `/v1/rentsurvey/communities/${ID}/comps/a%2Fb`)).toMatchObject({ operationId: 'updateComp', params: { id: ID, comp_id: 'a/b' } });
  });

  it('a literal segment wins over a parameter; each method has its own routes', () => {
    expect(route('POST', '/v1/users/invite')).toMatchObject({ operationId: 'inviteUser' });
    // GET has no /users/invite: "invite" is then a user id, which the contract refuses (400).
    expect(route('GET', '/v1/users/invite')).toMatchObject({ operationId: 'getUser', params: { id: 'invite' } });
  });

  it('anything else is not found (a 404, whatever the method), or malformed', () => {
    for (const [method, path] of [
      ['GET', '/v1'],
      ['GET', '/v1/'],
      ['GET', '/communities'],
      ['GET', '/v2/communities'],
      ['DELETE', `/v1/communities/${ID}`],
      ['GET', '/v1/rentsurvey/communities//comps'],
      ['GET', '/v1/communities//'],
    ])
      expect(route(method!, path!), `${method} ${path}`).toEqual({ refused: 'not_found' });
    expect(route('GET', '/v1/rentsurvey/communities/%zz')).toEqual({ refused: 'malformed' });
  });

  it('reads a query: values decoded, a repeated name an array, no prototype', () => {
    const query = parseQuery('search=a+b%26c&limit=1&limit=2&__proto__=x&flag');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect({ ...query }).toEqual({ search: 'a b&c', limit: ['1', '2'], ['__proto__']: 'x', flag: '' });
  });
});
