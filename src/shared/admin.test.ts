import { describe, expect, it } from 'vitest';
import { auditAuthor } from './admin';

describe('auditAuthor', () => {
  const actor = { id: 'u1', email: 'owner@example.com' };

  it('names the admin, the API key they used, or a former admin', () => {
    expect(auditAuthor({ actor })).toBe('owner@example.com');
    expect(auditAuthor({ actor, apiKey: { id: 'k1', name: 'Accounting sync' } })).toBe(
      'owner@example.com with the API key “Accounting sync”',
    );
    expect(auditAuthor({ actor: null })).toBe('a former admin');
  });
});
