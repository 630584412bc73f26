import { describe, expect, it, vi } from 'vitest';

describe('loadColors', () => {
  it('loads chalk only for streams that show color; a colored style before it is a bug, said as one', async () => {
    // A fresh module: other test files of this worker may have loaded colors already.
    vi.resetModules();
    const style = await import('./style.js');
    await style.loadColors({ colorEnabled: false, stderrColorEnabled: false });
    expect(style.createStyle(false).bold('x')).toBe('x');
    expect(() => style.createStyle(true)).toThrow(/colors were not loaded: await loadColors\(io\)/);
    await style.loadColors({ colorEnabled: false, stderrColorEnabled: true });
    expect(style.createStyle(true).bold('x')).toBe('\u001b[1mx\u001b[22m');
  });
});
