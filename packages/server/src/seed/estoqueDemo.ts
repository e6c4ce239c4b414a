import { deEscalado, findRecurso, hojeNoFuso, paraEscalado, somarDias } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { estoqueDocumento, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { criarNaTransacao } from '../resources/pipeline.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { registrarDocumento } from '../stock/documentos.ts';
import type { CatalogoDemo } from './catalogoDemo.ts';

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

async function garantirRegistro(tx: Transaction, s: SessaoRequest, recurso: string, body: Record<string, unknown>, empresa?: string): Promise<string> {
  const [achado] = await tx
    .select({ id: registro.id })
    .from(registro)
    .where(
      and(
        eq(registro.grupoEmpresarialId, s.grupoEmpresarial),
        eq(registro.recurso, recurso),
        eq(registro.lixo, false),
        sql`${registro.dados}->>'descricao' = ${String(body.descricao ?? body.sigla)}`,
        ...(empresa ? [eq(registro.empresaId, empresa)] : []),
      ),
    )
    .limit(1);
  if (achado) return achado.id;
  return (await criarNaTransacao(tx, findRecurso(recurso)!, { ...s, empresa: empresa ?? s.empresa }, body))._id as string;
}

/** `hora` o'clock in the stores' clock `dias` days ago, never later than now. */
const diasAtras = (dias: number, hora: number) => {
  const dia = somarDias(hojeNoFuso(), -dias);
  const em = Date.parse(`${dia}T${String(hora).padStart(2, '0')}:00:00-03:00`);
  return new Date(Math.min(em, Date.now() - 60_000)).toISOString();
};

/**
 * The demonstration stock: sectors, each store's locations (estoque principal, cozinha, bar), the
 * kitchen's ingredients, and through the ledger an opening entry, a second purchase at another price,
 * transfers to the kitchen and the bar, and a few losses. Only for a store with no stock document yet,
 * so running the seed again adds nothing twice.
 */
export async function prepararEstoqueDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo, dias: number): Promise<void> {
  const inicio = Math.max(dias, 2);
  for (const loja of catalogo.lojas) {
    const sessao = { ...s, empresa: loja.empresa };
    await withTenant(db, sessao, async (tx) => {
      const [feito] = await tx
        .select({ id: estoqueDocumento.id })
        .from(estoqueDocumento)
        .where(and(eq(estoqueDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(estoqueDocumento.empresaId, loja.empresa)))
        .limit(1);
      if (feito) return;
      const setor = async (descricao: string) => garantirRegistro(tx, sessao, 'estoqueSetorCadastro', { descricao });
      const principal = await garantirRegistro(tx, sessao, 'estoqueCadastro', { descricao: 'Estoque principal', setor: await setor('Almoxarifado') }, loja.empresa);
      const cozinha = await garantirRegistro(tx, sessao, 'estoqueCadastro', { descricao: 'Cozinha', setor: await setor('Cozinha'), baixaVendas: true }, loja.empresa);
      const bar = await garantirRegistro(tx, sessao, 'estoqueCadastro', { descricao: 'Bar', setor: await setor('Bar') }, loja.empresa);
      const unidade = async (sigla: string) => garantirRegistro(tx, sessao, 'unidadeMedida', { sigla, descricao: { KG: 'Quilograma', LT: 'Litro', UN: 'Unidade' }[sigla], fracionado: sigla !== 'UN' });
      const insumos: { id: string; quantidade: string; custo: string; bebida: boolean }[] = [];
      for (const i of INSUMOS) {
        const id = await garantirRegistro(tx, sessao, 'produtoGeral', { descricao: i.descricao, unidade: await unidade(i.sigla), tipoProduto: 'insumo', ncm: '21069090' });
        await garantirMinimo(tx, sessao, id, i.minimo);
        insumos.push({ id, quantidade: i.quantidade, custo: i.custo, bebida: false });
      }
      for (const p of catalogo.produtos.filter((p) => REVENDA[p.descricao])) {
        const r = REVENDA[p.descricao]!;
        await garantirMinimo(tx, sessao, p.id, r.minimo, true);
        insumos.push({ id: p.id, quantidade: r.quantidade, custo: r.custo, bebida: true });
      }
      const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa: loja.empresa, usuario: s.usuario };
      const item = (i: (typeof insumos)[number], fator: string, custoUnitario = i.custo) => ({ produto: i.id, quantidade: mult(i.quantidade, fator), custoUnitario });
      await registrarDocumento(tx, autor, { tipo: 'entradaManual', local: principal, ocorridoEm: diasAtras(inicio, 8), observacao: 'Estoque inicial', itens: insumos.map((i) => item(i, '1')) });
      // A second purchase a few days later, some items dearer: the average cost moves.
      const reposicao = insumos.filter((_, n) => n % 3 === 0);
      await registrarDocumento(tx, autor, { tipo: 'entradaManual', local: principal, ocorridoEm: diasAtras(Math.ceil(inicio / 2), 9), observacao: 'Reposição semanal', itens: reposicao.map((i) => item(i, '0.5', mult(i.custo, '1.08'))) });
      await registrarDocumento(tx, autor, { tipo: 'transferenciaLocal', local: principal, destino: cozinha, ocorridoEm: diasAtras(inicio, 10), observacao: 'Abastecimento da cozinha', itens: insumos.filter((i) => !i.bebida).map((i) => ({ produto: i.id, quantidade: mult(i.quantidade, '0.4') })) });
      await registrarDocumento(tx, autor, { tipo: 'transferenciaLocal', local: principal, destino: bar, ocorridoEm: diasAtras(inicio, 10), observacao: 'Abastecimento do bar', itens: insumos.filter((i) => i.bebida).map((i) => ({ produto: i.id, quantidade: mult(i.quantidade, '0.25') })) });
      await registrarDocumento(tx, autor, { tipo: 'saidaManual', local: cozinha, motivo: 'Vencimento', ocorridoEm: diasAtras(1, 16), observacao: 'Verduras passadas', itens: insumos.filter((_, n) => n === 8 || n === 9).map((i) => ({ produto: i.id, quantidade: mult(i.quantidade, '0.1') })) });
      await registrarDocumento(tx, autor, { tipo: 'saidaManual', local: bar, motivo: 'Quebra', ocorridoEm: diasAtras(0, 9), itens: insumos.filter((i) => i.bebida).slice(0, 1).map((i) => ({ produto: i.id, quantidade: '2' })) });
    });
  }
}

/** The company's product row with a minimum stock (created for an ingredient, which is never sold). */
async function garantirMinimo(tx: Transaction, s: SessaoRequest, produto: string, minimo: string, controlaEstoque = true) {
  const [achado] = await tx
    .select({ id: registro.id })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'produtoGeralEmpresa'), eq(registro.empresaId, s.empresa), sql`${registro.dados}->>'produtoGeral' = ${produto}`))
    .limit(1);
  if (achado) {
    await tx.execute(sql`update registro set dados = dados || ${JSON.stringify({ estoqueMinimo: minimo, controlaEstoque })}::jsonb, version = version + 1 where grupo_empresarial_id = ${s.grupoEmpresarial} and id = ${achado.id}`);
    return;
  }
  await criarNaTransacao(tx, findRecurso('produtoGeralEmpresa')!, s, { produtoGeral: produto, preco: 0, custo: 0, controlaEstoque, estoqueMinimo: minimo, modosVenda: [], ativo: false });
}

/** An exact decimal times a factor ('0.4'), at 4 places, rounded half up: scaled integers only. */
function mult(valor: string, fator: string): string {
  const produto = paraEscalado(valor, 4) * paraEscalado(fator, 4);
  return deEscalado((produto + 5_000n) / 10_000n, 4);
}
