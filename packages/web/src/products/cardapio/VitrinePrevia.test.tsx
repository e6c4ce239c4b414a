import type { SecaoVitrine } from '@retaguarda/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { VitrinePrevia } from './VitrinePrevia.tsx';

afterEach(cleanup);

const opcao = (produto: string | null, descricao: string, precoAdicional: number, disponivel = true) => ({ produto, descricao, precoAdicional, disponivel, motivoIndisponivel: disponivel ? null : 'Esgotado' });

describe('customer view of a menu', () => {
  it('greys a modifier option out of stock with Esgotado and leaves the others as they are; an item whose required group ran out is greyed as a whole', async () => {
    const secoes: SecaoVitrine[] = [
      {
        nome: 'Porções',
        descricao: '',
        itens: [
          {
            produto: 'batata',
            descricao: 'Batata frita',
            imagem: null,
            preco: 1800,
            complementos: [{ nome: 'Extras', minimo: 0, maximo: 2, opcoes: [opcao('bacon', 'Bacon extra', 500, false), opcao(null, 'Sem sal', 0)] }],
            disponivel: true,
            motivoIndisponivel: null,
          },
          {
            produto: 'nachos',
            descricao: 'Nachos',
            imagem: null,
            preco: 2200,
            complementos: [{ nome: 'Molho', minimo: 1, maximo: 1, opcoes: [opcao('cheddar', 'Molho cheddar', 0, false)] }],
            disponivel: false,
            motivoIndisponivel: 'Esgotado',
          },
        ],
      },
    ];
    await renderWithProviders(<VitrinePrevia titulo="Porções" secoes={secoes} />);

    const bacon = screen.getByTestId('vitrine-opcao-Bacon extra');
    expect(bacon.getAttribute('data-disponivel')).toBe('nao');
    expect(bacon.getAttribute('aria-disabled')).toBe('true');
    expect(bacon.style.textDecoration).toBe('line-through');
    expect(bacon.textContent?.replace(/\u00a0/g, ' ')).toBe('Bacon extra (+ R$ 5,00)');
    expect(bacon.nextElementSibling?.textContent).toBe('Esgotado');
    const semSal = screen.getByTestId('vitrine-opcao-Sem sal');
    expect(semSal.getAttribute('data-disponivel')).toBe('sim');
    expect(semSal.style.textDecoration).toBe('');
    expect(semSal.nextElementSibling).toBeNull();
    // The fries are still sold (extras are optional); the nachos, whose only sauce ran out, are not.
    const batata = screen.getByTestId('vitrine-item-Batata frita');
    expect(batata.getAttribute('data-disponivel')).toBe('sim');
    expect(batata.querySelector('[data-testid="vitrine-esgotado"]')).toBeNull();
    expect(batata.querySelectorAll('[data-testid="vitrine-opcao-esgotada"]')).toHaveLength(1);
    const nachos = screen.getByTestId('vitrine-item-Nachos');
    expect(nachos.getAttribute('data-disponivel')).toBe('nao');
    expect(nachos.querySelector('[data-testid="vitrine-esgotado"]')?.textContent).toBe('Esgotado');
  });
});
