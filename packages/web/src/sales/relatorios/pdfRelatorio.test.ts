import type { Campo } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { textoDoPdf } from '../../test/textoDoPdf.ts';
import { relatorioParaPdf } from './pdfRelatorio.ts';

const colunas = {
  rotulo: { rotulo: 'Canal', tipo: 'texto' },
  vendas: { rotulo: 'Vendas', tipo: 'inteiro' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  total: { rotulo: 'Total', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;

const base = {
  titulo: 'Relatório de vendas',
  empresa: 'Grupo Demonstração · Restaurante Demonstração Centro',
  de: '2026-11-01',
  ate: '2026-11-20',
  filtros: [['Canais', 'Salão, Balcão']] as const,
  geradoEm: new Date('2026-11-23T15:00:00Z'),
};

describe('relatorioParaPdf', () => {
  it('writes an A4 page with the title, company, period, filters, the rows in BRL and exact decimals, and the totals', async () => {
    const linhas = [
      { _id: 'Salão', rotulo: 'Salão', vendas: 3, quantidade: '12.5', total: 123456 },
      { _id: 'Balcão', rotulo: 'Balcão', vendas: 1, quantidade: '0.485', total: 900 },
      { _id: 'total', rotulo: 'Total', vendas: 4, quantidade: '12.985', total: 124356 },
    ];
    const progresso: string[] = [];
    const bytes = await relatorioParaPdf({ ...base, secoes: [{ colunas, linhas }] }, (feitas, total) => progresso.push(`${feitas}/${total}`));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const paginas = await textoDoPdf(bytes);
    expect(paginas).toHaveLength(1);
    expect([Math.round(paginas[0]!.largura), Math.round(paginas[0]!.altura)]).toEqual([595, 842]);
    const t = paginas[0]!.textos;
    expect(t.slice(0, 4)).toEqual(['Relatório de vendas', 'Grupo Demonstração · Restaurante Demonstração Centro', 'Período: 01/11/2026 a 20/11/2026', 'Canais: Salão, Balcão']);
    expect(t).toEqual(expect.arrayContaining(['Canal', 'Vendas', 'Quantidade', 'Total']));
    const corpo = t.slice(t.indexOf('Total') + 1);
    expect(corpo.slice(0, 12)).toEqual(['Salão', '3', '12,5', 'R$ 1.234,56', 'Balcão', '1', '0,485', 'R$ 9,00', 'Total', '4', '12,985', 'R$ 1.243,56']);
    expect(t).toContain('Gerado em 23/11/2026 12:00');
    expect(t.at(-1)).toBe('Página 1 de 1');
    expect(progresso).toEqual(['1/1']);
  });

  it('breaks a long report into numbered pages, repeating the header row, each section with its title', async () => {
    const linhas = Array.from({ length: 120 }, (_, i) => ({ _id: String(i), rotulo: `Produto ${i + 1}`, vendas: i, quantidade: '1', total: 100 * i }));
    const itens = [{ _id: 'x', rotulo: 'Item cancelado', vendas: 1, quantidade: '2', total: 1800 }];
    const progresso: number[] = [];
    const paginas = await textoDoPdf(await relatorioParaPdf({ ...base, filtros: [], secoes: [{ titulo: 'Vendas', colunas, linhas }, { titulo: 'Itens cancelados', colunas, linhas: itens }] }, (feitas) => progresso.push(feitas)));
    expect(paginas.length).toBeGreaterThanOrEqual(3);
    paginas.forEach((p, i) => {
      expect(p.textos).toContain(`Página ${i + 1} de ${paginas.length}`);
      expect(p.textos).toContain('Período: 01/11/2026 a 20/11/2026');
      expect(p.textos).toContain('Quantidade');
    });
    const todos = paginas.flatMap((p) => p.textos);
    expect(todos.filter((t) => /^Produto \d+$/.test(t))).toHaveLength(120);
    expect(todos).toContain('Itens cancelados');
    expect(todos).toContain('Item cancelado');
    expect(progresso).toEqual(paginas.map((_, i) => i + 1));
  });

  it('turns the A4 page when the table is too wide, and writes what the fonts cannot as "?"', async () => {
    const largas = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`c${i}`, { rotulo: `Coluna larga ${i}`, tipo: 'dinheiro' } satisfies Campo]));
    const linha = { _id: '1', ...Object.fromEntries(Object.keys(largas).map((c) => [c, 123456789])) };
    const [pagina] = await textoDoPdf(await relatorioParaPdf({ ...base, titulo: 'Relatório → teste', secoes: [{ colunas: largas, linhas: [linha] }] }));
    expect([Math.round(pagina!.largura), Math.round(pagina!.altura)]).toEqual([842, 595]);
    expect(pagina!.textos[0]).toBe('Relatório ? teste');
    expect(pagina!.textos.filter((t) => t === 'R$ 1.234.567,89')).toHaveLength(12);
  });
});
