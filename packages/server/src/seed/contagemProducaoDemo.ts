import { explodirFicha, qtd, somarDias, textoQtd } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { abrirInventario, aprovarInventario, registrarContagem } from '../stock/inventario.ts';
import { apontarProducao, criarProducao } from '../stock/producao.ts';
import type { AutorEstoque } from '../stock/razao.ts';
import type { EstoqueDemo } from './estoqueDemo.ts';

/**
 * What the kitchen's weekly count finds against the system (in each product's stock unit): greens
 * thrown away unrecorded, cheese eaten by the line, eggs broken, two cans nobody rang up as sold.
 */
const DIFERENCAS: Record<string, string> = {
  Tomate: '-0.35',
  'Alface americana': '-2',
  'Queijo muçarela': '-0.12',
  Ovos: '-3',
  'Refrigerante lata': '2',
};

/**
 * The store's counts, through the same code as estoqueInventario: the kitchen's weekly count, approved with
 * the differences above (the adjustments go through the ledger), and a count of the estoque principal
 * still open, half counted. Once per store: nothing is added when the store has a count.
 */
export async function contagensDemo(db: Database, s: SessaoRequest, empresa: string, estoque: EstoqueDemo): Promise<void> {
  const sessao = { ...s, empresa };
  const autor: AutorEstoque = { grupoEmpresarial: s.grupoEmpresarial, empresa, usuario: s.usuario };
  await withTenant(db, sessao, async (tx) => {
    const ja = await tx.execute(sql`select 1 from estoque_inventario where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${empresa} limit 1`);
    if (ja.rows.length) return;
    const diferenca = new Map(Object.entries(DIFERENCAS).flatMap(([descricao, d]) => {
      const id = estoque.produtoPorDescricao.get(descricao);
      return id ? [[id, qtd(d)] as const] : [];
    }));
    const cozinha = await abrirInventario(tx, autor, { descricao: 'Contagem semanal da cozinha', locais: [estoque.locais.cozinha], observacao: 'Contado no fechamento, depois do último pedido.' });
    // Nobody counts a negative shelf: a balance below zero is counted as nothing there.
    const contado = (congelado: string, d = 0n) => {
      const q = qtd(congelado) + d;
      return textoQtd(q < 0n ? 0n : q);
    };
    if (cozinha.itens.length) {
      await registrarContagem(tx, autor, cozinha._id, { itens: cozinha.itens.map((l) => ({ local: l.local, produto: l.produto, contado: contado(l.congelado, diferenca.get(l.produto)) })) });
      await aprovarInventario(tx, autor, cozinha._id);
    }
    const principal = await abrirInventario(tx, autor, { descricao: 'Inventário mensal do estoque principal', locais: [estoque.locais.principal], observacao: 'Conferir validade dos laticínios.' });
    const metade = principal.itens.slice(0, Math.ceil(principal.itens.length / 2));
    if (metade.length) await registrarContagem(tx, autor, principal._id, { itens: metade.map((l) => ({ local: l.local, produto: l.produto, contado: contado(l.congelado) })) });
  });
}

/**
 * How many batches (up to three) the location's balances make without any ingredient going below zero
 * (the demo's purchases are sized to the sales, so a spare kilo of yeast may be in either place).
 */
async function lotesPossiveis(tx: Transaction, s: SessaoRequest, local: string, porLote: Map<string, string>): Promise<number> {
  const saldos = new Map(
    (
      await tx.execute<{ produto_id: string; quantidade: string }>(sql`
        select produto_id, quantidade::text as quantidade from estoque_saldo
        where grupo_empresarial_id = ${s.grupoEmpresarial} and local_id = ${local} and produto_id = any(${sql.param([...porLote.keys()])}::text[])`)
    ).rows.map((r) => [r.produto_id, qtd(r.quantidade)]),
  );
  let lotes = 3n;
  for (const [produto, q] of porLote) {
    const bastam = qtd(q) > 0n ? (saldos.get(produto) ?? 0n) / qtd(q) : lotes;
    if (bastam < lotes) lotes = bastam;
  }
  return Number(lotes);
}

/**
 * The store's production orders of the Massa de pizza sub-recipe, through the same code as
 * estoqueProducaoProdutos: today's, made from the flour of the estoque principal (or of the kitchen, whichever
 * has the ingredients of more batches) into the kitchen and finished, and tomorrow's, planned. Once per store.
 */
export async function producoesDemo(db: Database, s: SessaoRequest, empresa: string, estoque: EstoqueDemo, hoje: string): Promise<void> {
  const sessao = { ...s, empresa };
  const autor: AutorEstoque = { grupoEmpresarial: s.grupoEmpresarial, empresa, usuario: s.usuario };
  await withTenant(db, sessao, async (tx) => {
    const ja = await tx.execute(sql`select 1 from estoque_producao where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${empresa} limit 1`);
    if (ja.rows.length) return;
    const massa = estoque.produtoPorDescricao.get('Massa de pizza');
    if (!massa || !estoque.fichas.has(massa)) return;
    // A batch is what the recipe yields (1 KG of flour makes 1.6 KG of dough).
    const lote = estoque.fichas.get(massa)!.rendimento;
    const porLote = explodirFicha(estoque.fichas, massa, lote);
    const locais = [];
    for (const local of [estoque.locais.principal, estoque.locais.cozinha]) locais.push({ local, lotes: await lotesPossiveis(tx, sessao, local, porLote) });
    const [origem] = locais.sort((x, y) => y.lotes - x.lotes);
    const pedido = { produto: massa, unidade: null, localOrigem: origem!.local, localDestino: estoque.locais.cozinha, empresaDestino: null, localEmpresaDestino: null };
    if (origem!.lotes > 0) {
      const quantidade = textoQtd(qtd(lote) * BigInt(origem!.lotes));
      const feita = await criarProducao(tx, autor, { ...pedido, quantidade, dataPlanejada: hoje, observacao: 'Massa para o rodízio da noite.' });
      await apontarProducao(tx, autor, feita._id, { quantidade, unidade: null, consumos: [], finalizar: true, observacao: 'Massa descansando na câmara fria.' });
    }
    await criarProducao(tx, autor, { ...pedido, quantidade: textoQtd(qtd(lote) * 2n), dataPlanejada: somarDias(hoje, 1), observacao: 'Produzir antes das 10h.' });
  });
}
