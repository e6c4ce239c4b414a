import { describe, expect, it } from 'vitest';
import { geralStore } from '../session/store.ts';
import { syncTitle } from './title.ts';

const match = (handle?: unknown) => ({ route: { handle } }) as never;

describe('page title', () => {
  it('is the name of the deepest named route, kept in geral.titulo too', () => {
    syncTitle({ navigation: { state: 'idle' } as never, matches: [match(), match(undefined), match({ name: 'pessoa' })] });
    expect(document.title).toBe('pessoa');
    expect(geralStore.getState().titulo).toBe('pessoa');
    syncTitle({ navigation: { state: 'idle' } as never, matches: [match(), match({ name: 'Login' })] });
    expect(document.title).toBe('Login');
  });

  it('waits for the navigation to finish', () => {
    document.title = 'Login';
    syncTitle({ navigation: { state: 'loading' } as never, matches: [match({ name: 'estoqueInventario' })] });
    expect(document.title).toBe('Login');
  });
});
