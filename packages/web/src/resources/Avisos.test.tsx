import { findRecurso } from '@retaguarda/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { Avisos } from './ResourceList.tsx';

afterEach(cleanup);

describe('what a screen cannot do yet', () => {
  it('the loyalty and coupon screens say plainly that balances, statements and usages need sales', async () => {
    for (const [nome, trecho] of [
      ['programaFidelidade', 'ainda não há saldo nem extrato por cliente'],
      ['programaFidelidadePontos', 'ainda não há saldo nem extrato por cliente'],
      ['programaFidelidadeCashBack', 'ainda não há saldo nem extrato por cliente'],
      ['voucherECupomDesconto', 'ainda não há lista de usos'],
    ] as const) {
      await renderWithProviders(<Avisos recurso={findRecurso(nome)!} />);
      expect(screen.getByTestId('recurso-avisos').textContent).toContain(trecho);
      expect(screen.getByText('Ainda não disponível')).toBeTruthy();
      cleanup();
    }
  });

  it('shows nothing for a resource without notices', async () => {
    await renderWithProviders(<Avisos recurso={findRecurso('caixa')!} />);
    expect(screen.queryByTestId('recurso-avisos')).toBeNull();
  });
});
