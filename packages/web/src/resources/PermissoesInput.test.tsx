import { screens } from '@retaguarda/domain';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { PermissoesInput, type TelasPermissoes } from './PermissoesInput.tsx';

afterEach(cleanup);

let ultimo: TelasPermissoes = {};
function Grade({ inicial = {} }: { inicial?: TelasPermissoes }) {
  const [valor, setValor] = useState<TelasPermissoes>(inicial);
  ultimo = valor;
  return <PermissoesInput nome="telas" rotulo="Permissões por tela" valor={valor} onChange={setValor} />;
}

const marcada = (id: string) => (screen.getByTestId(id) as HTMLInputElement).checked;

// 111 screens × 5 checkboxes render slowly in jsdom on a loaded machine.
describe('access profile grid', () => {
  it('any action on a screen implies Ver; clearing Ver clears the screen', async () => {
    await renderWithProviders(<Grade />);
    fireEvent.click(screen.getByTestId('permissao-formaPagamento-editar'));
    expect(ultimo).toEqual({ formaPagamento: ['ver', 'editar'] });
    expect(marcada('permissao-formaPagamento-ver')).toBe(true);
    fireEvent.click(screen.getByTestId('permissao-formaPagamento-ver'));
    expect(ultimo).toEqual({});
  });

  it('"toda a área" sets one action on every screen of the area, and shows partly checked areas', async () => {
    await renderWithProviders(<Grade inicial={{ pessoa: ['ver'] }} />);
    const todasVer = screen.getByTestId('permissoes-registration-todas-ver') as HTMLInputElement;
    expect(todasVer.checked).toBe(false);
    expect(todasVer.getAttribute('data-indeterminate')).toBe('true');
    fireEvent.click(screen.getByTestId('permissoes-registration-todas-criar'));
    const cadastros = screens.filter((s) => s.area === 'registration');
    expect(Object.keys(ultimo).sort()).toEqual(cadastros.map((s) => s.name).sort());
    for (const s of cadastros) expect(ultimo[s.name]).toEqual(['ver', 'criar']);
    expect(marcada('permissoes-registration-todas-ver')).toBe(true);
    // Other areas are untouched.
    expect(ultimo.estoqueInventario).toBeUndefined();
    expect(screen.getByTestId('permissoes-resumo').textContent).toBe(`${cadastros.length} telas liberadas`);
  });

  it('reports and dashboards only offer Ver and Exportar', async () => {
    await renderWithProviders(<Grade />);
    fireEvent.click(screen.getByTestId('permissoes-marcar-tudo'));
    expect(ultimo.relatorioVenda).toEqual(['ver', 'exportar']);
    expect(ultimo.usuarios).toEqual(['ver', 'criar', 'editar', 'lixeira', 'exportar']);
    fireEvent.click(screen.getByTestId('permissoes-limpar'));
    expect(ultimo).toEqual({});
  });
});
