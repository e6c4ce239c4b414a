import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { PublicShell } from './PublicShell.tsx';

afterEach(cleanup);

describe('public pages (login, password recovery)', () => {
  it("show the product's title 'Retaguarda' and its version 1.0.125 (SPEC.md §9)", async () => {
    await renderWithProviders(
      <PublicShell title="Entrar">
        <p>formulário</p>
      </PublicShell>,
    );
    expect(screen.getByText('Retaguarda')).toBeTruthy();
    expect(screen.getByText('Versão 1.0.125')).toBeTruthy();
  });
});
