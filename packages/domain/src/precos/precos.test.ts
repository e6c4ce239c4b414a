import { describe, expect, it } from 'vitest';
import { precoCombo, conferirEscolhas, type ComboParaPreco } from './combo.ts';
import { ajustarPorPercentual, descontarPercentual, dividirArredondando, percentualDe } from './percentual.ts';
import { melhorPromocao, precoNaPromocao, produtosRemovidos, type PromocaoParaPreco } from './promocao.ts';
import { resolverPrecoVenda, type TabelaParaPreco } from './tabelaVenda.ts';
import { precoTransferencia } from './transferencia.ts';
import { diaSemanaDe, diasSemana, janelaAplica, momentoNoFuso, type JanelaVenda, type Momento } from './vigencia.ts';

const todos = { diasSemana, canais: ['Salão', 'Balcão', 'Delivery', 'Totem', 'QR Code', 'App'] } as const;
const janela = (extra: Partial<JanelaVenda> = {}): JanelaVenda => ({ validoDe: '2026-11-01', validoAte: null, horaInicio: null, horaFim: null, ...todos, ...extra });
// 2026-11-23 is a Monday.
const m = (data: string, hora: string, canal: Momento['canal'] = 'Salão'): Momento => ({ data, hora, canal });

describe('percentages on centavos, rounded once and half away from zero', () => {
  it('rounds the half up, and the negative half down', () => {
    expect(dividirArredondando(5n, 2n)).toBe(3n);
    expect(dividirArredondando(-5n, 2n)).toBe(-3n);
    expect(dividirArredondando(4n, 3n)).toBe(1n);
  });
  it('10% of R$ 10,05 is R$ 1,01; the price with 10% off is R$ 9,05 (904,5 rounded once)', () => {
    expect(percentualDe(1005, '10')).toBe(101);
    expect(descontarPercentual(1005, '10.00')).toBe(905);
    expect(ajustarPorPercentual(1005, '-10')).toBe(905);
  });
  it('takes exact decimals: 0,1% + … never drifts like a float would', () => {
    expect(ajustarPorPercentual(100000, '0.1')).toBe(100100);
    expect(ajustarPorPercentual(333, '33.33')).toBe(444); // 443,9889
    expect(ajustarPorPercentual(1999, '12,5')).toBe(2249); // 2248,875
    expect(descontarPercentual(1990, '100')).toBe(0);
  });
  it('never gives a negative price and refuses a discount outside 0–100%', () => {
    expect(ajustarPorPercentual(500, '-150')).toBe(0);
    expect(() => descontarPercentual(500, '101')).toThrow();
    expect(() => percentualDe(10.5, '10')).toThrow(/centavos/);
  });
});

describe('when a window applies (period, weekday, hours, channel)', () => {
  it('knows the weekday of a date', () => {
    expect(diaSemanaDe('2026-11-23')).toBe('Segunda');
    expect(diaSemanaDe('2026-11-29')).toBe('Domingo');
  });
  it('validity includes both ends; no end is open', () => {
    const j = janela({ validoDe: '2026-11-10', validoAte: '2026-11-20' });
    expect(janelaAplica(j, m('2026-11-10', '12:00'))).toBe(true);
    expect(janelaAplica(j, m('2026-11-20', '23:59'))).toBe(true);
    expect(janelaAplica(j, m('2026-11-21', '00:00'))).toBe(false);
    expect(janelaAplica(j, m('2026-11-09', '12:00'))).toBe(false);
    expect(janelaAplica(janela(), m('2030-01-01', '12:00'))).toBe(true);
  });
  it('only on the chosen weekdays and channels', () => {
    const j = janela({ diasSemana: ['Segunda', 'Terça'], canais: ['Delivery'] });
    expect(janelaAplica(j, m('2026-11-23', '12:00', 'Delivery'))).toBe(true);
    expect(janelaAplica(j, m('2026-11-23', '12:00', 'Salão'))).toBe(false);
    expect(janelaAplica(j, m('2026-11-25', '12:00', 'Delivery'))).toBe(false);
  });
  it('hours: start included, end excluded', () => {
    const j = janela({ horaInicio: '11:00', horaFim: '15:00' });
    expect(janelaAplica(j, m('2026-11-23', '11:00'))).toBe(true);
    expect(janelaAplica(j, m('2026-11-23', '14:59'))).toBe(true);
    expect(janelaAplica(j, m('2026-11-23', '15:00'))).toBe(false);
    expect(janelaAplica(j, m('2026-11-23', '10:59'))).toBe(false);
  });
  it('a night window past midnight belongs to the day it started (Friday night goes on into Saturday)', () => {
    const sextaANoite = janela({ diasSemana: ['Sexta'], horaInicio: '22:00', horaFim: '02:00', validoAte: '2026-11-27' });
    expect(janelaAplica(sextaANoite, m('2026-11-27', '23:30'))).toBe(true); // Friday
    expect(janelaAplica(sextaANoite, m('2026-11-28', '01:30'))).toBe(true); // Saturday early: still Friday's night and validity
    expect(janelaAplica(sextaANoite, m('2026-11-28', '02:00'))).toBe(false);
    expect(janelaAplica(sextaANoite, m('2026-11-28', '23:00'))).toBe(false); // Saturday night
    expect(janelaAplica(sextaANoite, m('2026-11-27', '01:00'))).toBe(false); // Thursday's night
  });
  it('reads the store clock of a time zone', () => {
    expect(momentoNoFuso(new Date('2026-11-23T02:30:00Z'), 'America/Sao_Paulo', 'App')).toEqual({ data: '2026-11-22', hora: '23:30', canal: 'App' });
    expect(momentoNoFuso(new Date('2026-11-23T02:30:00Z'), 'America/Noronha', 'App').hora).toBe('00:30');
  });
});

const promocao = (extra: Partial<PromocaoParaPreco> = {}): PromocaoParaPreco => ({
  ...janela({ horaInicio: '18:00', horaFim: '23:00', diasSemana: ['Segunda'], canais: ['Delivery'] }),
  habilitado: true,
  tipo: 'Preço promocional',
  percentual: null,
  produtos: [{ produto: 'pizza', precoPromocional: 3990 }],
  ...extra,
});

describe('promotions', () => {
  const segundaNoite = m('2026-11-23', '19:00', 'Delivery');
  it('gives the promo price in its window only', () => {
    expect(precoNaPromocao(promocao(), 'pizza', 4990, segundaNoite)).toBe(3990);
    expect(precoNaPromocao(promocao(), 'pizza', 4990, m('2026-11-23', '19:00', 'Salão'))).toBeNull();
    expect(precoNaPromocao(promocao(), 'pizza', 4990, m('2026-11-24', '19:00', 'Delivery'))).toBeNull();
    expect(precoNaPromocao(promocao(), 'pizza', 4990, m('2026-11-23', '17:59', 'Delivery'))).toBeNull();
    expect(precoNaPromocao(promocao(), 'refri', 700, segundaNoite)).toBeNull();
    expect(precoNaPromocao(promocao({ habilitado: false }), 'pizza', 4990, segundaNoite)).toBeNull();
  });
  it('a percentage promotion discounts each listed product, rounded to the centavo', () => {
    const p = promocao({ tipo: 'Percentual de desconto', percentual: '15.00', produtos: [{ produto: 'pizza', precoPromocional: null }] });
    expect(precoNaPromocao(p, 'pizza', 4990, segundaNoite)).toBe(4242); // 4241,5
  });
  it('never raises a price, and the best of several promotions wins', () => {
    expect(precoNaPromocao(promocao(), 'pizza', 3500, segundaNoite)).toBeNull();
    const dez = promocao({ tipo: 'Percentual de desconto', percentual: '10', produtos: [{ produto: 'pizza', precoPromocional: null }] });
    const fixo = promocao();
    expect(melhorPromocao([dez, fixo], 'pizza', 4990, segundaNoite)).toEqual({ promocao: fixo, preco: 3990 });
    expect(melhorPromocao([dez, fixo], 'pizza', 4990, m('2026-11-23', '12:00', 'Delivery'))).toBeNull();
  });
  it('finds listed products that are gone (deleted → null, trashed → lixo)', () => {
    expect(produtosRemovidos([{ produto: { _id: 'a', lixo: false } }, { produto: null }, { produto: { _id: 'c', lixo: true } }])).toEqual([1, 2]);
    expect(produtosRemovidos([])).toEqual([]);
  });
});

const tabela = (extra: Partial<TabelaParaPreco>): TabelaParaPreco => ({ ...janela(), ativo: true, prioridade: 0, itens: [], ...extra });

describe('sale price tables', () => {
  const ifood = tabela({
    _id: 'ifood',
    canais: ['App'],
    itens: [
      { produto: 'pizza', tipo: 'Percentual', preco: null, percentual: '12.5' },
      { produto: 'refri', tipo: 'Preço fixo', preco: 800, percentual: null },
    ],
  });
  it('a % or a fixed price per product, for its channel only', () => {
    expect(resolverPrecoVenda([ifood], 'pizza', 4990, m('2026-11-23', '12:00', 'App'))).toEqual({ preco: 5614, tabela: ifood }); // 5613,75
    expect(resolverPrecoVenda([ifood], 'refri', 700, m('2026-11-23', '12:00', 'App')).preco).toBe(800);
    expect(resolverPrecoVenda([ifood], 'pizza', 4990, m('2026-11-23', '12:00', 'Salão'))).toEqual({ preco: 4990, tabela: null });
    expect(resolverPrecoVenda([ifood], 'agua', 400, m('2026-11-23', '12:00', 'App'))).toEqual({ preco: 400, tabela: null });
  });
  it('an inactive or expired table is ignored; the higher priority, then the newest, wins', () => {
    const almoco = tabela({ _id: 'almoco', horaInicio: '11:00', horaFim: '15:00', prioridade: 1, itens: [{ produto: 'pizza', tipo: 'Percentual', preco: null, percentual: '-10' }] });
    const nova = tabela({ _id: 'nova', validoDe: '2026-11-20', itens: [{ produto: 'pizza', tipo: 'Preço fixo', preco: 4500, percentual: null }] });
    const velha = tabela({ _id: 'velha', validoDe: '2026-01-01', itens: [{ produto: 'pizza', tipo: 'Preço fixo', preco: 4000, percentual: null }] });
    const todas = [velha, nova, almoco, tabela({ ativo: false, prioridade: 9, itens: [{ produto: 'pizza', tipo: 'Preço fixo', preco: 1, percentual: null }] })];
    expect(resolverPrecoVenda(todas, 'pizza', 4990, m('2026-11-23', '12:00')).tabela?._id).toBe('almoco');
    expect(resolverPrecoVenda(todas, 'pizza', 4990, m('2026-11-23', '12:00')).preco).toBe(4491); // 4491
    expect(resolverPrecoVenda(todas, 'pizza', 4990, m('2026-11-23', '20:00')).tabela?._id).toBe('nova');
    expect(resolverPrecoVenda(todas, 'pizza', 4990, m('2026-11-10', '20:00')).tabela?._id).toBe('velha');
  });
});

describe('combo price from its steps', () => {
  const combo: ComboParaPreco = {
    tipoPreco: 'Preço fixo',
    preco: 3990,
    desconto: '0',
    agrupadores: [
      { descricao: 'Lanche', produtos: ['x-burger', 'x-salada'], minimo: 1, maximo: 1, acrescimo: 0 },
      { descricao: 'Bebida', produtos: ['refri', 'suco'], minimo: 1, maximo: 2, acrescimo: 300 },
    ],
  };
  const escolhas = [
    { etapa: 0, produto: 'x-burger', quantidade: 1, precoProduto: 2990 },
    { etapa: 1, produto: 'suco', quantidade: 1, precoProduto: 1190 },
  ];
  it('a fixed price plus the extra of each item picked in a step that has one', () => {
    expect(precoCombo(combo, escolhas)).toBe(4290);
  });
  it('or the sum of the picked items with the discount, rounded once', () => {
    expect(precoCombo({ ...combo, tipoPreco: 'Desconto', preco: null, desconto: '12.5' }, escolhas)).toBe(3658); // 4180 × 0,875 = 3657,5
  });
  it('checks each step min/max and that the product is offered there', () => {
    expect(conferirEscolhas(combo, [escolhas[0]!])).toEqual(['Bebida: escolha ao menos 1.']);
    expect(conferirEscolhas(combo, [...escolhas, { ...escolhas[1]!, quantidade: 2 }])).toEqual(['Bebida: escolha no máximo 2.']);
    expect(conferirEscolhas(combo, [{ ...escolhas[0]!, produto: 'refri' }, escolhas[1]!])).toEqual(['Lanche: produto não oferecido nesta etapa.']);
    expect(() => precoCombo(combo, [escolhas[0]!])).toThrow('Bebida: escolha ao menos 1.');
  });
});

describe('transfer prices between stores', () => {
  const t = { itens: [{ produto: 'molho', preco: 1250 }], margemSobreCusto: '8.5' };
  it('the listed price, else the cost plus the margin', () => {
    expect(precoTransferencia(t, 'molho', 900)).toBe(1250);
    expect(precoTransferencia(t, 'massa', 1000)).toBe(1085);
    expect(precoTransferencia(t, 'massa', null)).toBeNull();
    expect(precoTransferencia({ ...t, margemSobreCusto: null }, 'massa', 1000)).toBeNull();
  });
});
