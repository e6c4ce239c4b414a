import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { CustoFichaSecao } from './CustoFichaSecao.tsx';
import { centavosArredondados, formatCustoFicha, formatMargem, linhasIngredientes, parcelaCentavos, reaisDeCentavos, situacaoMargem, type CustoDaFicha } from './custoFicha.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const exemplo: CustoDaFicha = {
  produto: 'prato',
  descricao: 'Prato feito',
  custo: '589.83',
  preco: 3000,
  margem: '80.34',
  ingredientes: [
    { produto: 'carne', descricao: 'Carne moída', unidade: 'KG', quantidade: '0.1500', custoMedio: '3290.0000' },
    { produto: 'arroz', descricao: 'Arroz', unidade: 'KG', quantidade: '0.1250', custoMedio: '666.6667' },
    { produto: 'sal', descricao: 'Sal', unidade: 'KG', quantidade: '0.0050', custoMedio: '0.0000' },
  ],
  semCusto: ['sal'],
};

describe('recipe sheet cost', () => {
  it('rounds the cost in centavos with places half up to the centavo, by BigInt', () => {
    expect(centavosArredondados('589.83')).toBe(590n);
    expect(centavosArredondados('589.49')).toBe(589n);
    expect(centavosArredondados('589.50')).toBe(590n);
    expect(centavosArredondados('-0.50')).toBe(-1n);
    expect(centavosArredondados('x')).toBeNull();
    expect(formatCustoFicha('589.83')).toBe('R$ 5,90');
    expect(formatCustoFicha('0.00')).toBe('R$ 0,00');
    expect(formatCustoFicha('123456789.99')).toBe('R$ 1.234.567,90');
    expect(formatCustoFicha(null)).toBe('');
    // Beyond a float's exact integers, still exact.
    expect(formatCustoFicha('900719925474099312.50')).toBe('R$ 9.007.199.254.740.993,13');
  });

  it('writes whole centavos as reais', () => {
    expect(reaisDeCentavos(494n)).toBe('R$ 4,94');
    expect(reaisDeCentavos(-50n)).toBe('-R$ 0,50');
    expect(reaisDeCentavos(0n)).toBe('R$ 0,00');
  });

  it('computes a share of cost as quantity × average cost rounded half up to the centavo', () => {
    expect(parcelaCentavos('0.1500', '3290.0000')).toBe(494n); // 493,5 centavos
    expect(parcelaCentavos('0.1250', '666.6667')).toBe(83n); // 83,3333…
    expect(parcelaCentavos('0.0001', '49.9999')).toBe(0n);
    expect(parcelaCentavos('0.0001', '50000.0000')).toBe(5n);
    expect(parcelaCentavos('1', '0.5')).toBe(1n);
  });

  it('says how the margin stands: negative, below 30 % or fine', () => {
    expect(formatMargem('80.34')).toBe('80,34 %');
    expect(formatMargem('-12.50')).toBe('-12,50 %');
    expect(formatMargem('30.00')).toBe('30,00 %');
    expect(situacaoMargem('80.34')).toBe('boa');
    expect(situacaoMargem('30.00')).toBe('boa');
    expect(situacaoMargem('29.99')).toBe('baixa');
    expect(situacaoMargem('0.00')).toBe('baixa');
    expect(situacaoMargem('-0.01')).toBe('negativa');
  });

  it('lists the base ingredients with quantity and unit, average cost per unit and their share, flagging those without cost', () => {
    expect(linhasIngredientes(exemplo)).toEqual([
      { produto: 'carne', descricao: 'Carne moída', quantidade: '0,15 KG', custoMedio: 'R$ 32,90/KG', parcela: 'R$ 4,94', semCusto: false },
      { produto: 'arroz', descricao: 'Arroz', quantidade: '0,125 KG', custoMedio: 'R$ 6,6667/KG', parcela: 'R$ 0,83', semCusto: false },
      { produto: 'sal', descricao: 'Sal', quantidade: '0,005 KG', custoMedio: '', parcela: '', semCusto: true },
    ]);
  });

  it('shows cost, price and margin of a saved sheet, and red words for a low margin', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/estoqueFichaTecnica/f1/custo')) return json(200, { valido: true, data: exemplo });
      if (url.endsWith('/estoqueFichaTecnica/f2/custo')) return json(200, { valido: true, data: { ...exemplo, preco: null, margem: null, ingredientes: exemplo.ingredientes.slice(0, 2), semCusto: [] } });
      if (url.endsWith('/estoqueFichaTecnica/f3/custo')) return json(200, { valido: true, data: { ...exemplo, preco: 700, margem: '15.74', semCusto: [] } });
      return json(404, { valido: false, data: { message: 'não' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(<CustoFichaSecao fichaId="f1" versao={1} />);
    expect((await screen.findByTestId('ficha-custo-valor')).textContent).toBe('R$ 5,90');
    expect(screen.getByTestId('ficha-custo-preco').textContent).toBe('R$ 30,00');
    expect(screen.getByTestId('ficha-custo-margem').textContent).toBe('80,34 %');
    expect(screen.getByTestId('ficha-custo-margem-nota').textContent).toBe('acima de 30 %');
    expect(screen.getByTestId('ficha-custo-sem-custo').textContent).toBe('sem custo: entre com uma entrada de estoque');
    expect(screen.getByTestId('ficha-custo-incompleto').textContent).toContain('1 ingrediente sem custo médio');
    expect(screen.getByTestId('ficha-custo').textContent).toContain('custos médios atuais dos ingredientes nesta empresa');
    cleanup();

    await renderWithProviders(<CustoFichaSecao fichaId="f2" />);
    expect((await screen.findByTestId('ficha-custo-preco')).textContent).toBe('não vendido nesta empresa');
    expect(screen.getByTestId('ficha-custo-margem').textContent).toBe('—');
    expect(screen.queryByTestId('ficha-custo-incompleto')).toBeNull();
    cleanup();

    await renderWithProviders(<CustoFichaSecao fichaId="f3" alterada />);
    expect((await screen.findByTestId('ficha-custo-margem-nota')).textContent).toBe('baixa: abaixo de 30 %');
    expect(screen.getByTestId('ficha-custo-alterada')).toBeTruthy();
  });

  it('tells a new sheet that the cost appears after saving, without asking the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(<CustoFichaSecao fichaId={undefined} />);
    expect(screen.getByTestId('ficha-custo-salve').textContent).toBe('O custo e a margem aparecem depois de salvar a ficha.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
