// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formVazio, indiceDaLinha, montarDocumento, novaLinha, type FormDocumento } from './documentoForm.ts';
import { agoraNaLoja, dataHora, errosDoDocumento, formatCusto, formatQtd, lerQuantidade, ocorridoEmDe } from './formatoEstoque.ts';

describe('stock formats', () => {
  it('writes quantities the Brazilian way with the unit, by string work', () => {
    expect(formatQtd('12.5000', 'KG')).toBe('12,5 KG');
    expect(formatQtd('1234.0000', 'UN')).toBe('1.234 UN');
    expect(formatQtd('-3.2500')).toBe('-3,25');
    expect(formatQtd('0.0000', 'KG')).toBe('0 KG');
    expect(formatQtd('99999999.9999', 'L')).toBe('99.999.999,9999 L');
    expect(formatQtd(null)).toBe('');
  });

  it('writes a unit cost in centavos with 4 places as reais, to at most 4 places', () => {
    expect(formatCusto('550.0000')).toBe('R$ 5,50');
    expect(formatCusto('333.3333')).toBe('R$ 3,3333');
    expect(formatCusto('0.0050')).toBe('R$ 0,0001');
    expect(formatCusto('0.0049')).toBe('R$ 0,00');
    expect(formatCusto('123456789.0000')).toBe('R$ 1.234.567,89');
    expect(formatCusto('')).toBe('');
  });

  it('reads typed quantities with a comma or a point, up to 4 places, above zero', () => {
    expect(lerQuantidade('1,5')).toBe('1.5');
    expect(lerQuantidade('1.5')).toBe('1.5');
    expect(lerQuantidade('1.234,5')).toBe('1234.5');
    expect(lerQuantidade(' 007 ')).toBe('7');
    expect(lerQuantidade('0,0001')).toBe('0.0001');
    expect(lerQuantidade('0,00001')).toBeNull();
    expect(lerQuantidade('0')).toBeNull();
    expect(lerQuantidade('0,000')).toBeNull();
    expect(lerQuantidade('-1')).toBeNull();
    expect(lerQuantidade('abc')).toBeNull();
    expect(lerQuantidade('')).toBeNull();
  });

  it('reads and writes business time in the stores clock (UTC−3)', () => {
    expect(agoraNaLoja(new Date('2026-11-23T02:10:00Z'))).toEqual({ data: '22/11/2026', hora: '23:10' });
    expect(ocorridoEmDe('23/11/2026', '9:05')).toBe('2026-11-23T09:05:00-03:00');
    expect(ocorridoEmDe('31/02/2026', '10:00')).toBeNull();
    expect(ocorridoEmDe('23/11/2026', '24:00')).toBeNull();
    expect(dataHora('2026-11-23T12:30:00.000Z')).toBe('23/11/2026 09:30');
    expect(dataHora(null)).toBe('');
  });

  it('splits the server field errors into the header and each item', () => {
    expect(errosDoDocumento({ local: 'a', 'itens.1.quantidade': 'b', 'itens.1.produto': 'c', 'itens.0.produto': 'd' })).toEqual({
      cabecalho: { local: 'a' },
      itens: { 0: { produto: 'd' }, 1: { quantidade: 'b', produto: 'c' } },
    });
    expect(errosDoDocumento(undefined)).toEqual({ cabecalho: {}, itens: {} });
  });
});

describe('the new-document form', () => {
  const produto = { id: 'p1', rotulo: '1 - Farinha', unidade: 'KG' };
  const base = (): FormDocumento => ({ ...formVazio(new Date('2026-11-23T15:00:00Z')), local: 'l1', motivo: 'Perda', linhas: [{ ...novaLinha(), produto, quantidade: '1,5' }, novaLinha()] });

  it('builds the document the server reads, leaving empty lines out', () => {
    expect(montarDocumento('saidaManual', { ...base(), hora: '11:30', observacao: '  caiu  ' })).toEqual({
      doc: { tipo: 'saidaManual', local: 'l1', motivo: 'Perda', ocorridoEm: '2026-11-23T11:30:00-03:00', observacao: 'caiu', itens: [{ produto: 'p1', quantidade: '1.5' }] },
    });
    expect(montarDocumento('transferenciaLocal', { ...base(), destino: 'l2', data: '20/11/2026' })).toEqual({
      doc: { tipo: 'transferenciaLocal', local: 'l1', destino: 'l2', ocorridoEm: '2026-11-20T12:00:00-03:00', itens: [{ produto: 'p1', quantidade: '1.5' }] },
    });
  });

  it('leaves the date to the server while it is the one the form started with (now, to the minute)', () => {
    const form = base();
    expect(form.inicio).toEqual({ data: '23/11/2026', hora: '12:00' });
    const montado = montarDocumento('saidaManual', form);
    expect('doc' in montado && montado.doc.ocorridoEm).toBeUndefined();
  });

  it('names what to fix before asking the server', () => {
    const form = { ...base(), local: null, motivo: null, data: '32/11/2026', linhas: [novaLinha(), { ...novaLinha(), quantidade: '0' }] };
    expect(montarDocumento('saidaManual', form)).toEqual({
      erros: { cabecalho: { local: 'estoqueDoc.escolhaLocal', motivo: 'estoqueDoc.escolhaMotivo', data: 'estoqueDoc.dataInvalida' }, itens: { 1: { produto: 'estoqueDoc.escolhaProduto', quantidade: 'estoqueDoc.quantidadeInvalida' } } },
    });
    expect(montarDocumento('transferenciaLocal', { ...base(), destino: 'l1', hora: '9h' })).toEqual({ erros: { cabecalho: { destino: 'estoqueDoc.destinoIgual', hora: 'estoqueDoc.horaInvalida' }, itens: {} } });
    expect(montarDocumento('saidaManual', { ...base(), linhas: [novaLinha()] })).toEqual({ erros: { cabecalho: { itens: 'estoqueDoc.semItens' }, itens: {} } });
  });

  it('maps the index of an item sent back to its line among empty ones', () => {
    const form = { ...base(), linhas: [novaLinha(), { ...novaLinha(), produto }, novaLinha(), { ...novaLinha(), quantidade: '2' }] };
    expect(indiceDaLinha(form, 0)).toBe(1);
    expect(indiceDaLinha(form, 1)).toBe(3);
  });
});
