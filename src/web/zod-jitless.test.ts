import { describe, expect, it, vi } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('switches zod to jitless, so a schema built after it never reaches for Function', () => {
    expect(z.config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string().trim().min(1), price: z.int().positive() });
    expect(schema.parse({ name: ' Loop ', price: 2499 })).toEqual({ name: 'Loop', price: 2499 });
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });
});
