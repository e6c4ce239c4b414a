import { deEscalado, documentoEstoqueSchema, findRecurso, paraEscalado, somarDias } from '@retaguarda/domain';
import { intervaloDeDias } from '../sales/relatorios/periodo.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { estoqueDocumento, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { criarNaTransacao } from '../resources/pipeline.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { registrarDocumento } from '../stock/documentos.ts';
import { garantir, type CatalogoDemo } from './catalogoDemo.ts';

/** Ingredients of the demonstration kitchen: unit, opening quantity per store and cost per unit (centavos). */
const INSUMOS: { descricao: string; sigla: 'KG' | 'LT' | 'UN'; quantidade: string; custo: string; minimo: string }[] = [
  { descricao: 'Arroz agulhinha', sigla: 'KG', quantidade: '50', custo: '589', minimo: '20' },
  { descricao: 'Feijão carioca', sigla: 'KG', quantidade: '30', custo: '849', minimo: '10' },
  { descricao: 'Filé mignon', sigla: 'KG', quantidade: '12', custo: '8990', minimo: '5' },
  { descricao: 'Peito de frango', sigla: 'KG', quantidade: '25', custo: '1890', minimo: '8' },
  { descricao: 'Carne moída', sigla: 'KG', quantidade: '18', custo: '3290', minimo: '6' },
  { descricao: 'Queijo muçarela', sigla: 'KG', quantidade: '10', custo: '4290', minimo: '4' },
  { descricao: 'Batata congelada', sigla: 'KG', quantidade: '40', custo: '1290', minimo: '15' },
  { descricao: 'Óleo de soja', sigla: 'LT', quantidade: '36', custo: '799', minimo: '12' },
  { descricao: 'Tomate', sigla: 'KG', quantidade: '15', custo: '699', minimo: '5' },
  { descricao: 'Alface americana', sigla: 'UN', quantidade: '24', custo: '450', minimo: '10' },
  { descricao: 'Pão de hambúrguer', sigla: 'UN', quantidade: '120', custo: '125', minimo: '40' },
  { descricao: 'Leite condensado', sigla: 'UN', quantidade: '24', custo: '689', minimo: '8' },
];
/** Products sold as they are bought (drinks): opening quantity and cost per unit. */
const REVENDA: Record<string, { quantidade: string; custo: string; minimo: string }> = {
  'Refrigerante lata': { quantidade: '240', custo: '289', minimo: '96' },
  'Água mineral': { quantidade: '144', custo: '119', minimo: '48' },
  'Cerveja long neck': { quantidade: '168', custo: '449', minimo: '72' },
};

/** A record found by its description (or, for a unit, its sigla), or created through the engine. */
const garantirRegistro = (tx: Transaction, s: SessaoRequest, recurso: string, body: Record<string, unknown>, empresa?: string) =>
  garantir(tx, s, recurso, 'descricao' in body ? 'descricao' : 'sigla', body, empresa);

/** `hora` o'clock of a day in the stores' clock, never later than now. */
const noDia = (dia: string, hora: number) => {
  const em = Date.parse(`${dia}T${String(hora).padStart(2, '0')}:00:00-03:00`);
  return new Date(Math.min(em, Date.now() - 60_000)).toISOString();
};

interface LocaisDemo {
  principal: string;
  cozinha: string;
  bar: string;
}

/** The store's locations and the ingredients and drinks it stocks (found or created). */
async function cadastrosDemo(tx: Transaction, s: SessaoRequest, catalogo: CatalogoDemo) {
  const setor = async (descricao: string) => garantirRegistro(tx, s, 'estoqueSetorCadastro', { descricao });
  const locais: LocaisDemo = {
    principal: await garantirRegistro(tx, s, 'estoqueCadastro', { descricao: 'Estoque principal', setor: await setor('Almoxarifado') }, s.empresa),
    cozinha: await garantirRegistro(tx, s, 'estoqueCadastro', { descricao: 'Cozinha', setor: await setor('Cozinha') }, s.empresa),
    // Drinks are sold as bought: the bar is where the sales take them from.
    bar: await garantirRegistro(tx, s, 'estoqueCadastro', { descricao: 'Bar', setor: await setor('Bar'), baixaVendas: true }, s.empresa),
  };
  const unidade = async (sigla: string) => garantirRegistro(tx, s, 'unidadeMedida', { sigla, descricao: { KG: 'Quilograma', LT: 'Litro', UN: 'Unidade' }[sigla], fracionado: sigla !== 'UN' });
  const insumos: ItemDemo[] = [];
  for (const i of INSUMOS) {
    const id = await garantirRegistro(tx, s, 'produtoGeral', { descricao: i.descricao, unidade: await unidade(i.sigla), tipoProduto: 'insumo', ncm: '21069090' });
    await garantirMinimo(tx, s, id, i.minimo);
    insumos.push({ id, quantidade: i.quantidade, custo: i.custo });
  }
  const bebidas: ItemDemo[] = [];
  for (const p of catalogo.produtos.filter((p) => REVENDA[p.descricao])) {
    const r = REVENDA[p.descricao]!;
    await garantirMinimo(tx, s, p.id, r.minimo, { preco: p.preco, custo: Number(r.custo), ativo: true });
    bebidas.push({ id: p.id, quantidade: r.quantidade, custo: r.custo });
  }
  return { locais, insumos, bebidas };
}

interface ItemDemo {
  id: string;
  quantidade: string;
  custo: string;
}

const item = (i: ItemDemo, fator: string, custoUnitario = i.custo) => ({ produto: i.id, quantidade: mult(i.quantidade, fator), custoUnitario });
const empresasSemDocumento = async (tx: Transaction, s: SessaoRequest, tipo: string) =>
  !(
    await tx
      .select({ id: estoqueDocumento.id })
      .from(estoqueDocumento)
      .where(and(eq(estoqueDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(estoqueDocumento.empresaId, s.empresa), eq(estoqueDocumento.tipo, tipo)))
      .limit(1)
  )[0];

/**
 * The demonstration stock before the sales: sectors, each store's locations (estoque principal,
 * cozinha, bar), the kitchen's ingredients with minimums, and through the ledger the opening entries
 * and the kitchen's first supply. Only for a store with no entry yet: running the seed again adds nothing.
 */
export async function prepararEstoqueDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo, primeiroDia: string): Promise<void> {
  for (const loja of catalogo.lojas) {
    const sessao = { ...s, empresa: loja.empresa };
    await withTenant(db, sessao, async (tx) => {
      const { locais, insumos, bebidas } = await cadastrosDemo(tx, sessao, catalogo);
      if (!(await empresasSemDocumento(tx, sessao, 'entradaManual'))) return;
      const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa: loja.empresa, usuario: s.usuario };
      await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'entradaManual', local: locais.principal, ocorridoEm: noDia(primeiroDia, 7), observacao: 'Estoque inicial', itens: insumos.map((i) => item(i, '1')) }));
      await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'entradaManual', local: locais.bar, ocorridoEm: noDia(primeiroDia, 7), observacao: 'Estoque inicial do bar', itens: bebidas.map((i) => item(i, '1')) }));
      await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'transferenciaLocal', local: locais.principal, destino: locais.cozinha, ocorridoEm: noDia(primeiroDia, 8), observacao: 'Abastecimento da cozinha', itens: insumos.map((i) => ({ produto: i.id, quantidade: mult(i.quantidade, '0.4') })) }));
    });
  }
}

/**
 * The demonstration stock after the sales: the bar's weekly drink purchases sized to what each week
 * sold (at a cost a little higher every week, so the average moves), a restock of ingredients, and a
 * few losses. Dated among the sales, they are applied in their place in the ledger. Once per store.
 */
export async function movimentarEstoqueDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo, calendario: readonly string[]): Promise<void> {
  const primeiro = calendario[0]!;
  const ultimo = calendario.at(-1)!;
  for (const loja of catalogo.lojas) {
    const sessao = { ...s, empresa: loja.empresa };
    await withTenant(db, sessao, async (tx) => {
      if (!(await empresasSemDocumento(tx, sessao, 'saidaManual'))) return;
      const { locais, insumos, bebidas } = await cadastrosDemo(tx, sessao, catalogo);
      const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa: loja.empresa, usuario: s.usuario };
      for (let semana = 0; semana * 7 < calendario.length; semana++) {
        const de = somarDias(primeiro, semana * 7);
        const vendidos = await tx.execute<{ produto_id: string; quantidade: string }>(sql`
          select produto_id, (-sum(quantidade))::text as quantidade from estoque_movimento
          where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${loja.empresa} and tipo = 'saidaVenda'
            and ${intervaloDeDias(sql`ocorrido_em`, de, somarDias(de, 6))}
          group by produto_id`);
        const itens = vendidos.rows
          .map((v) => ({ v, b: bebidas.find((b) => b.id === v.produto_id) }))
          .filter((x) => x.b)
          .map(({ v, b }) => ({ produto: v.produto_id, quantidade: mult(v.quantidade, '1.1'), custoUnitario: mult(b!.custo, `1.0${Math.min(semana, 9)}`) }));
        if (itens.length) await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'entradaManual', local: locais.bar, ocorridoEm: noDia(de, 9), observacao: `Compra semanal de bebidas (semana ${semana + 1})`, itens }));
      }
      const reposicao = insumos.filter((_, n) => n % 3 === 0);
      await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'entradaManual', local: locais.principal, ocorridoEm: noDia(calendario[Math.floor(calendario.length / 2)]!, 9), observacao: 'Reposição da cozinha', itens: reposicao.map((i) => item(i, '0.5', mult(i.custo, '1.08'))) }));
      await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'saidaManual', local: locais.cozinha, motivo: 'Vencimento', ocorridoEm: noDia(ultimo, 16), observacao: 'Verduras passadas', itens: insumos.filter((_, n) => n === 8 || n === 9).map((i) => ({ produto: i.id, quantidade: mult(i.quantidade, '0.1') })) }));
      await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'saidaManual', local: locais.bar, motivo: 'Quebra', ocorridoEm: noDia(ultimo, 22), itens: bebidas.slice(0, 1).map((i) => ({ produto: i.id, quantidade: '2' })) }));
    });
  }
}

/** The company's product row, stock controlled with a minimum (an ingredient's is inactive: it is never sold). */
async function garantirMinimo(tx: Transaction, s: SessaoRequest, produto: string, minimo: string, venda = { preco: 0, custo: 0, ativo: false }) {
  const [achado] = await tx
    .select({ id: registro.id })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'produtoGeralEmpresa'), eq(registro.empresaId, s.empresa), sql`${registro.dados}->>'produtoGeral' = ${produto}`))
    .limit(1);
  if (achado) {
    await tx.execute(sql`update registro set dados = dados || ${JSON.stringify({ estoqueMinimo: minimo, controlaEstoque: true })}::jsonb, version = version + 1 where grupo_empresarial_id = ${s.grupoEmpresarial} and id = ${achado.id}`);
    return;
  }
  await criarNaTransacao(tx, findRecurso('produtoGeralEmpresa')!, s, { produtoGeral: produto, ...venda, controlaEstoque: true, estoqueMinimo: minimo, ...(venda.ativo ? {} : { modosVenda: [] }) });
}

/** An exact decimal times a factor ('0.4'), at 4 places, rounded half up: scaled integers only. */
function mult(valor: string, fator: string): string {
  const produto = paraEscalado(valor, 4) * paraEscalado(fator, 4);
  return deEscalado((produto + 5_000n) / 10_000n, 4);
}
