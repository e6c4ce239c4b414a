import { describe, expect, it } from 'vitest';
import { emVoo, type Pedido } from './useUrlParams.ts';

// Three quick ticks on a screen that keeps its state in the URL: a, then a+b, then a+b+c.
const pedido: Pedido = { desde: 'k0', pathname: '/relatoriosCriados', search: 'c=a.b.c', anteriores: ['c=a', 'c=a.b'] };

describe('emVoo (the newest change asked for, shown before its navigation lands)', () => {
  it('shows the newest change while the location it was made from is still on screen', () => {
    expect(emVoo({ key: 'k0', pathname: '/relatoriosCriados', search: '' }, 'POP', pedido)).toBe('c=a.b.c');
  });

  it('keeps showing it when an earlier change of the same run lands first, so a tick is not undone for a moment', () => {
    expect(emVoo({ key: 'k1', pathname: '/relatoriosCriados', search: '?c=a' }, 'REPLACE', pedido)).toBe('c=a.b.c');
    expect(emVoo({ key: 'k2', pathname: '/relatoriosCriados', search: '?c=a.b' }, 'REPLACE', pedido)).toBe('c=a.b.c');
  });

  it('is over once its own navigation lands, or any other location does', () => {
    expect(emVoo({ key: 'k3', pathname: '/relatoriosCriados', search: '?c=a.b.c' }, 'REPLACE', pedido)).toBeNull();
    expect(emVoo({ key: 'k3', pathname: '/relatoriosCriados', search: '?outro=1' }, 'PUSH', pedido)).toBeNull();
    expect(emVoo({ key: 'k3', pathname: '/dashboard', search: '?c=a' }, 'PUSH', pedido)).toBeNull();
  });

  it('does not come back when Back lands on a location that had an earlier step', () => {
    expect(emVoo({ key: 'k9', pathname: '/relatoriosCriados', search: '?c=a' }, 'POP', pedido)).toBeNull();
  });
});
