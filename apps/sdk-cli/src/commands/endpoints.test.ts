import { describe, expect, it } from 'vitest';
import { endpointRows } from './endpoints.js';

describe('endpoints', () => {
  it('lists every declared endpoint with service, method, path and name', () => {
    const rows = endpointRows();
    expect(rows).toContainEqual({
      service: 'user',
      method: 'POST',
      path: '/auth/login',
      name: 'system.login',
    });
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });
});
