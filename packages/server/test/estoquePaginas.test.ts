import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepararEstoque, type CenarioEstoque } from './estoqueFixture.ts';
import { criar } from './resourceApi.ts';

/**
 * The stock reports a page at a time (issue 12): the pages of the position put together are the whole
 * position and its totals are those of every line; each page of the kardex opens at the balance and
 * average the previous one closed at, and the period's totals are the same on every page.
 */
// Filled before the tests (estoqueFixture.ts).
let { ctx, admin, un, principal, cozinha } = {} as CenarioEstoque;
beforeAll(async () => ({ ctx, admin, un, principal, cozinha } = await prepararEstoque()));
afterAll(async () => ctx?.close());

const documento = async (body: Record<string, unknown>) => {
  const res = await admin('POST', '/estoqueDocumento', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
const relatorio = async (rota: string, filtro: Record<string, unknown>) => {
  const res = await admin('POST', rota, filtro);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** Noon in the stores (UTC−3) `dias` days ago, and that calendar day. */
const meioDia = (dias: number) => {
  const dia = new Date(Date.now() - 60_000 - 3 * 3_600_000 - dias * 86_400_000).toISOString().slice(0, 10);
  return { quando: `${dia}T12:00:00-03:00`, dia };
};

describe('stock position by pages', () => {
  it('pages put together are the whole position, in its order, and the totals are those of every line', async () => {
    const produtos = [];
    for (const [i, descricao] of ['Açúcar cristal', 'alho', 'Batata', 'Óleo de soja', 'Orégano', 'Pimenta', 'Sal grosso'].entries()) {
      const p = await criar(admin, 'produtoGeral', { descricao, unidade: un._id });
      produtos.push(p);
      // Batata and Orégano want more than the company holds.
      if (i === 2 || i === 4) await criar(admin, 'produtoGeralEmpresa', { produtoGeral: p._id, preco: 0, controlaEstoque: true, estoqueMinimo: '50' });
      await documento({ tipo: 'entradaManual', local: principal._id, itens: [{ produto: p._id, quantidade: String(3 + i), custoUnitario: String(100 * (i + 1)) }] });
      if (i % 2 === 0) await documento({ tipo: 'transferenciaLocal', local: principal._id, destino: cozinha._id, itens: [{ produto: p._id, quantidade: '1,5' }] });
    }
    const todas = (await relatorio('/relatorioEstoqueProduto', {})) as { produto: string; local: string; quantidade: string; valor: number; abaixoMinimo: boolean; localDescricao: string }[];
    expect(todas).toHaveLength(11);
    expect(todas.slice(0, 3).map((l) => [l.localDescricao, l.quantidade])).toEqual([
      ['Cozinha', '1.5000'],
      ['Estoque principal', '1.5000'],
      ['Estoque principal', '4.0000'],
    ]);

    const paginas = [];
    for (let offset = 0; offset < 12; offset += 4) paginas.push(await relatorio('/relatorioEstoqueProduto', { limite: 4, offset }));
    expect(paginas.map((p) => p.linhas.length)).toEqual([4, 4, 3]);
    expect(paginas.flatMap((p) => p.linhas)).toEqual(todas);
    const soma = (ls: typeof todas) => ls.reduce((s, l) => s + l.valor, 0);
    const totais = { linhas: 11, quantidade: '42.0000', valor: soma(todas), abaixoMinimo: 2 };
    for (const p of paginas) expect(p.totais, JSON.stringify(p.totais)).toEqual(totais);
    expect(paginas[0].porLocal).toEqual([
      { local: principal._id, localDescricao: 'Estoque principal', valor: soma(todas.filter((l) => l.local === principal._id)) },
      { local: cozinha._id, localDescricao: 'Cozinha', valor: soma(todas.filter((l) => l.local === cozinha._id)) },
    ]);
    // A page past the end is empty and still carries the totals.
    expect(await relatorio('/relatorioEstoqueProduto', { limite: 4, offset: 40 })).toMatchObject({ linhas: [], totais });

    // Filters narrow the lines and the totals alike.
    const daCozinha = await relatorio('/relatorioEstoqueProduto', { local: cozinha._id, limite: 2 });
    expect(daCozinha.linhas.map((l: { quantidade: string }) => l.quantidade)).toEqual(['1.5000', '1.5000']);
    expect(daCozinha.totais).toEqual({ linhas: 4, quantidade: '6.0000', valor: soma(todas.filter((l) => l.local === cozinha._id)), abaixoMinimo: 2 });
    const abaixo = await relatorio('/relatorioEstoqueProduto', { abaixoMinimo: true, limite: 200 });
    expect(abaixo.linhas.map((l: { produto: string }) => l.produto)).toEqual([produtos[2]!._id, produtos[2]!._id, produtos[4]!._id, produtos[4]!._id]);
    expect(abaixo.totais).toMatchObject({ linhas: 4, abaixoMinimo: 2 });
    const nada = await relatorio('/relatorioEstoqueProduto', { busca: 'nenhum produto assim', limite: 200 });
    expect(nada).toEqual({ linhas: [], totais: { linhas: 0, quantidade: '0.0000', valor: 0, abaixoMinimo: 0 }, porLocal: [] });
  });

  it('products of the same description, whose lines interleave by location, come whole in pages of any size', async () => {
    const farinhas: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await criar(admin, 'produtoGeral', { descricao: 'Farinha igual', unidade: un._id });
      farinhas.push(p._id);
      // The first is in the kitchen only; the others in both locations.
      await documento({ tipo: 'entradaManual', local: i === 0 ? cozinha._id : principal._id, itens: [{ produto: p._id, quantidade: '5', custoUnitario: '100' }] });
      if (i > 0) await documento({ tipo: 'transferenciaLocal', local: principal._id, destino: cozinha._id, itens: [{ produto: p._id, quantidade: '1' }] });
    }
    const chave = (l: { produto: string; local: string }) => `${l.produto}/${l.local}`;
    const todas = ((await relatorio('/relatorioEstoqueProduto', { busca: 'farinha igual' })) as { produto: string; local: string; localDescricao: string }[]).map(chave);
    expect(todas).toHaveLength(5);
    // Searched (every line sorted) and not (a page near the start walks the products in order): the same lines.
    const semBusca = ((await relatorio('/relatorioEstoqueProduto', {})) as { produto: string; local: string }[]).map(chave);
    for (const [filtro, esperadas] of [[{ busca: 'farinha igual' }, todas], [{}, semBusca]] as const) {
      for (const limite of [1, 2, 3]) {
        const paginas = [];
        for (let offset = 0; offset < esperadas.length + 1; offset += limite) paginas.push(...(await relatorio('/relatorioEstoqueProduto', { ...filtro, limite, offset })).linhas);
        expect(paginas.map(chave), `páginas de ${limite} ${JSON.stringify(filtro)}`).toEqual(esperadas);
      }
    }
    // The kitchen's three lines first (Cozinha before Estoque principal), each location's by product.
    const [a, b, c] = [...farinhas].sort();
    expect(todas).toEqual([`${a}/${cozinha._id}`, `${b}/${cozinha._id}`, `${c}/${cozinha._id}`, ...[a, b, c].filter((id) => id !== farinhas[0]).map((id) => `${id}/${principal._id}`)]);
  });

  it('refuses a page size out of bounds naming the field', async () => {
    for (const [filtro, mensagem] of [
      [{ limite: 0 }, 'Linhas por página: Peça ao menos 1 linha.'],
      [{ limite: 5001 }, 'Linhas por página: Peça no máximo 5.000 linhas por página.'],
      [{ limite: 10, offset: -1 }, 'Posição da página: A posição da página não pode ser negativa.'],
    ] as const) {
      const res = await admin('POST', '/relatorioEstoqueProduto', filtro);
      expect([res.status, res.body.data.message]).toEqual([400, mensagem]);
    }
  });
});

describe('kardex by pages', () => {
  it('each page opens at the balance and average cost the previous one closed at; lines and totals as in the whole kardex', async () => {
    const queijo = await criar(admin, 'produtoGeral', { descricao: 'Queijo muçarela', unidade: un._id });
    const item = (quantidade: string, custoUnitario?: string) => [{ produto: queijo._id, quantidade, ...(custoUnitario ? { custoUnitario } : {}) }];
    await documento({ tipo: 'entradaManual', local: principal._id, ocorridoEm: meioDia(6).quando, itens: item('20', '3000') });
    await documento({ tipo: 'saidaManual', local: principal._id, motivo: 'Perda', ocorridoEm: meioDia(5).quando, itens: item('2') });
    await documento({ tipo: 'transferenciaLocal', local: principal._id, destino: cozinha._id, ocorridoEm: meioDia(4).quando, itens: item('6') });
    await documento({ tipo: 'entradaManual', local: principal._id, ocorridoEm: meioDia(3).quando, itens: item('10', '3600') });
    await documento({ tipo: 'saidaManual', local: cozinha._id, motivo: 'Perda', ocorridoEm: meioDia(3).quando, itens: item('1,25') });
    await documento({ tipo: 'entradaManual', local: cozinha._id, ocorridoEm: meioDia(2).quando, itens: item('4', '4200') });
    await documento({ tipo: 'saidaManual', local: principal._id, motivo: 'Vencimento', ocorridoEm: meioDia(1).quando, itens: item('3') });

    for (const local of [undefined, cozinha._id]) {
      const filtro = { produto: queijo._id, de: meioDia(5).dia, ate: meioDia(0).dia, ...(local ? { local } : {}) };
      const inteiro = await relatorio('/relatorioEstoqueFluxo', filtro);
      const paginas = [];
      for (let offset = 0; offset < inteiro.linhas.length + 2; offset += 2) paginas.push(await relatorio('/relatorioEstoqueFluxo', { ...filtro, limite: 2, offset }));
      expect(paginas.flatMap((p) => p.linhas)).toEqual(inteiro.linhas);
      expect(paginas[0].pagina.inicial).toEqual(inteiro.inicial);
      for (let i = 1; i < paginas.length; i++) expect(paginas[i].pagina.inicial, `página ${i + 1}`).toEqual(paginas[i - 1].pagina.final);
      expect(paginas.at(-1).pagina.final).toEqual(inteiro.final);
      for (const p of paginas) {
        expect([p.inicial, p.final, p.entradas, p.saidas]).toEqual([inteiro.inicial, inteiro.final, inteiro.entradas, inteiro.saidas]);
        expect(p.pagina.total).toBe(inteiro.linhas.length);
      }
      if (!local) {
        // Page 2 opens between the transfer's two lines, after the loss: 12 kg at R$ 30,00.
        expect(inteiro.linhas).toHaveLength(7);
        expect(paginas[1].pagina.inicial).toEqual({ saldo: '12.0000', custoMedio: '3000.0000', valor: 36000 });
        expect(paginas[1].linhas.map((l: { quantidade: string; saldo: string; custoMedio: string }) => [l.quantidade, l.saldo, l.custoMedio])).toEqual([
          ['6.0000', '18.0000', '3000.0000'],
          ['10.0000', '28.0000', '3214.2857'],
        ]);
        // The transfer is shown, but neither an entry nor an exit of the company.
        expect([inteiro.entradas.quantidade, inteiro.saidas.quantidade]).toEqual(['14.0000', '6.2500']);
      } else {
        expect(inteiro.linhas.map((l: { saldo: string }) => l.saldo)).toEqual(['6.0000', '4.7500', '8.7500']);
        expect(paginas[1].pagina.inicial).toMatchObject({ saldo: '4.7500' });
      }
    }
  });
});
