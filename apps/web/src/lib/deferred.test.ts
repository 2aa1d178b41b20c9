import { describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred';

describe('deferred', () => {
  it('imports once, and has the module at hand afterwards', async () => {
    const importer = vi.fn(async () => ({ answer: 42 }));
    const module = deferred(importer);
    expect(module.get()).toBeUndefined();
    const [a, b] = await Promise.all([module.load(), module.load()]);
    expect(a).toBe(b);
    expect(module.get()).toEqual({ answer: 42 });
    await module.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import (a dropped connection is not remembered)', async () => {
    const importer = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ answer: 42 });
    const module = deferred(importer);
    await expect(module.load()).rejects.toThrow('network');
    expect(module.get()).toBeUndefined();
    await expect(module.load()).resolves.toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
