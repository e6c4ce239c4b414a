import { deEscalado, documentoEstoqueSchema, explodirFicha, findRecurso, paraEscalado, qtd, type FichaParaCalculo } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { estoqueDocumento, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { criarNaTransacao } from '../resources/pipeline.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { registrarDocumento } from '../stock/documentos.ts';
import { garantir, type CatalogoDemo } from './catalogoDemo.ts';
import { cederAoUso, emLotes } from './cederAoUso.ts';

type Sigla = 'KG' | 'LT' | 'UN';
/** Ingredients of the demonstration kitchen: stock unit, cost per unit (centavos) and minimum. */
const INSUMOS: { descricao: string; sigla: Sigla; custo: string; minimo: string }[] = [
  { descricao: 'Arroz agulhinha', sigla: 'KG', custo: '589', minimo: '20' },
  { descricao: 'Feijão carioca', sigla: 'KG', custo: '849', minimo: '10' },
  { descricao: 'Feijão preto', sigla: 'KG', custo: '899', minimo: '5' },
  { descricao: 'Carnes para feijoada', sigla: 'KG', custo: '3490', minimo: '5' },
  { descricao: 'Filé mignon', sigla: 'KG', custo: '8990', minimo: '5' },
  { descricao: 'Peito de frango', sigla: 'KG', custo: '1890', minimo: '8' },
  { descricao: 'Carne moída', sigla: 'KG', custo: '3290', minimo: '6' },
  { descricao: 'Calabresa', sigla: 'KG', custo: '2890', minimo: '3' },
  { descricao: 'Bacon', sigla: 'KG', custo: '4590', minimo: '2' },
  { descricao: 'Queijo muçarela', sigla: 'KG', custo: '4290', minimo: '4' },
  { descricao: 'Queijo parmesão', sigla: 'KG', custo: '8990', minimo: '1' },
  { descricao: 'Batata congelada', sigla: 'KG', custo: '1290', minimo: '15' },
  { descricao: 'Óleo de soja', sigla: 'LT', custo: '799', minimo: '12' },
  { descricao: 'Tomate', sigla: 'KG', custo: '699', minimo: '5' },
  { descricao: 'Molho de tomate', sigla: 'KG', custo: '1190', minimo: '4' },
  { descricao: 'Alface americana', sigla: 'UN', custo: '450', minimo: '10' },
  { descricao: 'Pão de hambúrguer', sigla: 'UN', custo: '125', minimo: '40' },
  { descricao: 'Ovos', sigla: 'UN', custo: '75', minimo: '60' },
  { descricao: 'Farinha de trigo', sigla: 'KG', custo: '549', minimo: '10' },
  { descricao: 'Fermento biológico', sigla: 'KG', custo: '3990', minimo: '1' },
  { descricao: 'Açúcar', sigla: 'KG', custo: '489', minimo: '5' },
  { descricao: 'Leite integral', sigla: 'LT', custo: '549', minimo: '6' },
  { descricao: 'Leite condensado', sigla: 'UN', custo: '689', minimo: '8' },
  { descricao: 'Chocolate meio amargo', sigla: 'KG', custo: '4990', minimo: '1' },
  { descricao: 'Sorvete de creme', sigla: 'LT', custo: '1890', minimo: '3' },
  { descricao: 'Laranja', sigla: 'KG', custo: '399', minimo: '15' },
  { descricao: 'Limão', sigla: 'KG', custo: '599', minimo: '3' },
  { descricao: 'Cachaça', sigla: 'LT', custo: '2490', minimo: '2' },
  { descricao: 'Café em grãos', sigla: 'KG', custo: '6990', minimo: '1' },
  { descricao: 'Polvilho azedo', sigla: 'KG', custo: '1290', minimo: '3' },
  { descricao: 'Pão francês', sigla: 'UN', custo: '90', minimo: '60' },
  { descricao: 'Presunto', sigla: 'KG', custo: '3490', minimo: '2' },
  { descricao: 'Manteiga', sigla: 'KG', custo: '4990', minimo: '1' },
];
/** Products sold as they are bought (drinks): cost per unit and minimum. */
const REVENDA: Record<string, { custo: string; minimo: string }> = {
  'Refrigerante lata': { custo: '289', minimo: '96' },
  'Água mineral': { custo: '119', minimo: '48' },
  'Cerveja long neck': { custo: '449', minimo: '72' },
};

type Receita = { rendimento?: string; itens: [string, string, string?][]; modoPreparo?: string };
/** Sub-recipes: made in the kitchen from ingredients, used by the dishes' recipes. */
const PREPARACOES: Record<string, { sigla: Sigla } & Receita> = {
  'Massa de pizza': {
    sigla: 'KG',
    rendimento: '1.6',
    itens: [
      ['Farinha de trigo', '1'],
      ['Óleo de soja', '0.06'],
      ['Fermento biológico', '0.02'],
      ['Açúcar', '0.02'],
    ],
    modoPreparo: 'Misture a farinha, o fermento e o açúcar, junte o óleo e 550 ml de água morna, sove por 10 minutos e deixe crescer por 1 hora.',
  },
};
/**
 * The recipe of each dish, complement and prepared drink (ingredient, net quantity in its stock unit,
 * loss %). Açaí 500 ml has none on purpose: bought ready and not stock controlled, its sales are the
 * pendência the stock panel shows (decision 0015). Canned drinks are stock controlled as they are.
 */
export const RECEITAS: Record<string, Receita> = {
  'Prato feito do dia': { itens: [['Arroz agulhinha', '0.15'], ['Feijão carioca', '0.1'], ['Peito de frango', '0.15', '5'], ['Ovos', '1'], ['Tomate', '0.05'], ['Alface americana', '0.1'], ['Óleo de soja', '0.02']] },
  'Filé à parmegiana': { itens: [['Filé mignon', '0.2', '10'], ['Queijo muçarela', '0.06'], ['Molho de tomate', '0.1'], ['Farinha de trigo', '0.03'], ['Ovos', '1'], ['Óleo de soja', '0.05'], ['Arroz agulhinha', '0.12'], ['Batata congelada', '0.15']] },
  'Frango grelhado com salada': { itens: [['Peito de frango', '0.2', '5'], ['Alface americana', '0.25'], ['Tomate', '0.1'], ['Arroz agulhinha', '0.12'], ['Óleo de soja', '0.01']] },
  'Feijoada completa': { itens: [['Feijão preto', '0.15'], ['Carnes para feijoada', '0.2'], ['Arroz agulhinha', '0.12'], ['Laranja', '0.1'], ['Óleo de soja', '0.01']] },
  // Per kilo served.
  'Buffet por quilo': { itens: [['Arroz agulhinha', '0.25'], ['Feijão carioca', '0.12'], ['Peito de frango', '0.2'], ['Carne moída', '0.1'], ['Batata congelada', '0.1'], ['Tomate', '0.08'], ['Alface americana', '0.2'], ['Óleo de soja', '0.03']] },
  'Xis salada': { itens: [['Pão de hambúrguer', '1'], ['Carne moída', '0.12'], ['Queijo muçarela', '0.04'], ['Ovos', '1'], ['Alface americana', '0.05'], ['Tomate', '0.04']] },
  'Xis bacon': { itens: [['Pão de hambúrguer', '1'], ['Carne moída', '0.12'], ['Queijo muçarela', '0.04'], ['Bacon', '0.04'], ['Ovos', '1']] },
  'Hambúrguer artesanal': { itens: [['Pão de hambúrguer', '1'], ['Carne moída', '0.18'], ['Queijo muçarela', '0.04'], ['Bacon', '0.03'], ['Tomate', '0.03'], ['Alface americana', '0.05']] },
  'Pizza média calabresa': { itens: [['Massa de pizza', '0.35'], ['Molho de tomate', '0.12'], ['Queijo muçarela', '0.18'], ['Calabresa', '0.15']] },
  'Pizza média marguerita': { itens: [['Massa de pizza', '0.35'], ['Molho de tomate', '0.12'], ['Queijo muçarela', '0.22'], ['Tomate', '0.1']] },
  'Batata frita porção': { itens: [['Batata congelada', '0.4'], ['Óleo de soja', '0.08']] },
  'Pastel de carne': { itens: [['Farinha de trigo', '0.06'], ['Carne moída', '0.05'], ['Óleo de soja', '0.04']] },
  'Salada Caesar': { itens: [['Alface americana', '0.5'], ['Peito de frango', '0.12'], ['Queijo parmesão', '0.03']] },
  'Pudim de leite': { rendimento: '8', itens: [['Leite condensado', '1'], ['Leite integral', '0.4'], ['Ovos', '3'], ['Açúcar', '0.15']], modoPreparo: 'Forma de 8 fatias: bata o leite condensado, o leite e os ovos, despeje sobre a calda de açúcar e asse em banho-maria por 50 minutos.' },
  'Petit gâteau': { itens: [['Chocolate meio amargo', '0.05'], ['Ovos', '1'], ['Açúcar', '0.03'], ['Farinha de trigo', '0.02'], ['Sorvete de creme', '0.08']] },
  'Suco natural de laranja': { itens: [['Laranja', '0.6']] },
  Caipirinha: { itens: [['Cachaça', '0.06'], ['Limão', '0.12'], ['Açúcar', '0.03']] },
  'Café expresso': { itens: [['Café em grãos', '0.008']] },
  'Pão de queijo': { itens: [['Polvilho azedo', '0.04'], ['Queijo parmesão', '0.015'], ['Ovos', '0.2'], ['Leite integral', '0.02'], ['Óleo de soja', '0.01']] },
  'Misto quente': { itens: [['Pão francês', '1'], ['Presunto', '0.03'], ['Queijo muçarela', '0.03'], ['Manteiga', '0.005']] },
  'Pão na chapa': { itens: [['Pão francês', '1'], ['Manteiga', '0.015']] },
  'Café com leite': { itens: [['Café em grãos', '0.008'], ['Leite integral', '0.15']] },
  'Bacon extra': { itens: [['Bacon', '0.03']] },
  'Queijo extra': { itens: [['Queijo muçarela', '0.03']] },
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
}

interface ItemDemo {
  id: string;
  custo: string;
}

/** What the demonstration stock knows of a store: its locations, what it stocks and the recipes. */
export interface EstoqueDemo {
  locais: LocaisDemo;
  /** Ingredients and stock-controlled drinks, by id. */
  itens: Map<string, ItemDemo>;
  fichas: Map<string, FichaParaCalculo>;
  /** The group's products of the demonstration (ingredients, sub-recipes, dishes, drinks) by description. */
  produtoPorDescricao: Map<string, string>;
}

/**
 * The group's ingredients, sub-recipes and recipe sheets (estoqueFichaTecnica, created through the
 * resource engine as the screen does, so its rules and cycle check apply), found when already there.
 */
async function fichasDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo) {
  const unidades = await withTenant(db, s, async (tx) => {
    const unidade = (sigla: Sigla) => garantirRegistro(tx, s, 'unidadeMedida', { sigla, descricao: { KG: 'Quilograma', LT: 'Litro', UN: 'Unidade' }[sigla], fracionado: sigla !== 'UN' });
    return { KG: await unidade('KG'), LT: await unidade('LT'), UN: await unidade('UN') };
  });
  const ids = new Map<string, string>();
  const produtos = [
    ...INSUMOS.map((i) => ({ descricao: i.descricao, unidade: unidades[i.sigla], tipoProduto: 'insumo', ncm: '21069090' })),
    ...Object.entries(PREPARACOES).map(([descricao, p]) => ({ descricao, unidade: unidades[p.sigla], tipoProduto: 'produzido', ncm: '19012000' })),
  ];
  for (const [descricao, id] of await emLotes(db, s, produtos, 10, async (tx, corpo) => [corpo.descricao, await garantirRegistro(tx, s, 'produtoGeral', corpo)] as const)) ids.set(descricao, id);
  for (const p of [...catalogo.produtos, ...catalogo.complementos]) ids.set(p.descricao, p.id);
  const fichas = new Map<string, FichaParaCalculo>();
  const receitas = [...Object.entries(PREPARACOES), ...Object.entries(RECEITAS)].filter(([descricao]) => ids.has(descricao));
  // Sub-recipes first (the dishes' sheets refer to them), a few sheets per transaction.
  await emLotes(db, s, receitas, 6, async (tx, [descricao, receita]) => {
    const produto = ids.get(descricao)!;
    const corpo = {
      produto,
      rendimento: receita.rendimento ?? '1',
      itens: receita.itens.map(([ingrediente, quantidade, perda]) => ({ produto: ids.get(ingrediente)!, quantidade, perda: perda ?? null })),
      modoPreparo: receita.modoPreparo ?? null,
    };
    await garantir(tx, s, 'estoqueFichaTecnica', 'produto', corpo);
    const parsed = findRecurso('estoqueFichaTecnica')!.schema.parse(corpo) as unknown as FichaParaCalculo;
    fichas.set(produto, { produto, rendimento: parsed.rendimento, itens: parsed.itens });
  });
  return { ids, fichas };
}

/** The store's locations and the ingredients and drinks it stocks (found or created), in short transactions. */
async function cadastrosDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo): Promise<EstoqueDemo> {
  const locais = await withTenant(db, s, async (tx): Promise<LocaisDemo> => {
    const setor = async (descricao: string) => garantirRegistro(tx, s, 'estoqueSetorCadastro', { descricao });
    return {
      principal: await garantirRegistro(tx, s, 'estoqueCadastro', { descricao: 'Estoque principal', setor: await setor('Almoxarifado') }, s.empresa),
      // The kitchen (and its drinks fridge) is where the sales take the ingredients and drinks from.
      cozinha: await garantirRegistro(tx, s, 'estoqueCadastro', { descricao: 'Cozinha', setor: await setor('Cozinha'), baixaVendas: true }, s.empresa),
    };
  });
  const { ids, fichas } = await fichasDemo(db, s, catalogo);
  const itens = new Map<string, ItemDemo>();
  await emLotes(db, s, INSUMOS, 10, async (tx, i) => {
    const id = ids.get(i.descricao)!;
    await garantirMinimo(tx, s, id, i.minimo);
    itens.set(id, { id, custo: i.custo });
  });
  await emLotes(db, s, catalogo.produtos.filter((p) => REVENDA[p.descricao]), 10, async (tx, p) => {
    const r = REVENDA[p.descricao]!;
    await garantirMinimo(tx, s, p.id, r.minimo, { preco: p.preco, custo: Number(r.custo), ativo: true });
    itens.set(p.id, { id: p.id, custo: r.custo });
  });
  return { locais, itens, fichas, produtoPorDescricao: ids };
}

const documentoDe = async (tx: Transaction, s: SessaoRequest, tipo: string, observacao?: string) =>
  (
    await tx
      .select({ id: estoqueDocumento.id, ocorridoEm: estoqueDocumento.ocorridoEm })
      .from(estoqueDocumento)
      .where(and(eq(estoqueDocumento.grupoEmpresarialId, s.grupoEmpresarial), eq(estoqueDocumento.empresaId, s.empresa), eq(estoqueDocumento.tipo, tipo), ...(observacao ? [eq(estoqueDocumento.observacao, observacao)] : [])))
      .orderBy(estoqueDocumento.ocorridoEm)
      .limit(1)
  )[0];

/** What a store sold (items and complements that are products), as the products each takes out of stock. */
export type Consumo = Map<string, bigint>;
/** The products sold (product, quantity) exploded through the recipes into what leaves the stock (4 places). */
export function consumoDe(estoque: EstoqueDemo, vendidos: Iterable<[string, string]>): Consumo {
  const total: Consumo = new Map();
  const somar = (p: string, q: bigint) => estoque.itens.has(p) && total.set(p, (total.get(p) ?? 0n) + q);
  for (const [produto, quantidade] of vendidos) {
    if (estoque.fichas.has(produto)) for (const [ingrediente, q] of explodirFicha(estoque.fichas, produto, quantidade)) somar(ingrediente, qtd(q));
    else somar(produto, qtd(quantidade));
  }
  return total;
}

/** Rounded up to whole units (a purchase of 13 KG, 48 cans): a quantity at 4 places times a factor. */
const compra = (q: bigint, fator: string) => {
  const x = (q * paraEscalado(fator, 4) + 10n ** 8n - 1n) / 10n ** 8n;
  return deEscalado((x < 1n ? 1n : x) * 10_000n, 4);
};

/**
 * The demonstration stock of each store before its sales: its locations (estoque principal, cozinha),
 * the group's ingredients, sub-recipe and recipe sheets, minimums, and through the ledger the opening
 * entry (one and a half weeks of what the first week will consume) and the kitchen's first supply.
 * Only for a store with no entry yet. Answers, per store, its stock and the day the demonstration's
 * weeks count from (the opening's day).
 */
export async function prepararEstoqueDemo(
  db: Database,
  s: SessaoRequest,
  catalogo: CatalogoDemo,
  primeiroDia: string,
  previsao: (empresa: string, estoque: EstoqueDemo, de: string) => Consumo,
): Promise<Map<string, { estoque: EstoqueDemo; inicio: string }>> {
  const porLoja = new Map<string, { estoque: EstoqueDemo; inicio: string }>();
  for (const loja of catalogo.lojas) {
    const sessao = { ...s, empresa: loja.empresa };
    await cederAoUso(db);
    // The registrations in short transactions, then the opening documents in one: the server answers between them.
    const estoque = await cadastrosDemo(db, sessao, catalogo);
    await cederAoUso(db);
    await withTenant(db, sessao, async (tx) => {
      const abertura = await documentoDe(tx, sessao, 'entradaManual', 'Estoque inicial');
      if (abertura || (await documentoDe(tx, sessao, 'entradaManual'))) {
        porLoja.set(loja.empresa, { estoque, inicio: abertura ? new Date(abertura.ocorridoEm.getTime() - 3 * 3_600_000).toISOString().slice(0, 10) : primeiroDia });
        return;
      }
      porLoja.set(loja.empresa, { estoque, inicio: primeiroDia });
      const semana = [...previsao(loja.empresa, estoque, primeiroDia)];
      const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa: loja.empresa, usuario: s.usuario };
      await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'entradaManual', local: estoque.locais.principal, ocorridoEm: noDia(primeiroDia, 5), observacao: 'Estoque inicial', itens: semana.map(([p, q]) => ({ produto: p, quantidade: compra(q, '1.5'), custoUnitario: estoque.itens.get(p)!.custo })) }));
      await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'transferenciaLocal', local: estoque.locais.principal, destino: estoque.locais.cozinha, ocorridoEm: noDia(primeiroDia, 6), observacao: 'Abastecimento da cozinha', itens: semana.map(([p, q]) => ({ produto: p, quantidade: compra(q, '1.15') })) }));
    });
  }
  return porLoja;
}

/**
 * A week of the demonstration (every seventh day from the opening): the purchase of what the week
 * will consume and ten percent more, into the estoque principal, at a cost a little higher every week
 * (so the average moves), and the kitchen's supply, at 05:00 and 06:00: before the 07:00 breakfast, so no sale of
 * the day comes before its delivery in the ledger. Once per store and week.
 */
export async function comprarSemanaDemo(db: Database, s: SessaoRequest, empresa: string, estoque: EstoqueDemo, dia: string, semana: number, consumo: Consumo): Promise<void> {
  const sessao = { ...s, empresa };
  const observacao = `Compra semanal (semana ${semana + 1})`;
  await withTenant(db, sessao, async (tx) => {
    if (!consumo.size || (await documentoDe(tx, sessao, 'entradaManual', observacao))) return;
    const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa, usuario: s.usuario };
    const itens = [...consumo];
    const reajuste = `1.${String(Math.min(semana, 20)).padStart(2, '0')}`;
    await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'entradaManual', local: estoque.locais.principal, ocorridoEm: noDia(dia, 5), observacao, itens: itens.map(([p, q]) => ({ produto: p, quantidade: compra(q, '1.1'), custoUnitario: mult(estoque.itens.get(p)!.custo, reajuste) })) }));
    await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'transferenciaLocal', local: estoque.locais.principal, destino: estoque.locais.cozinha, ocorridoEm: noDia(dia, 6), observacao: `Abastecimento da cozinha (semana ${semana + 1})`, itens: itens.map(([p, q]) => ({ produto: p, quantidade: compra(q, '1.05') })) }));
  });
}

/** A few losses on a day: greens past their date in the kitchen, a broken bottle. Once per store. */
export async function perdasDemo(db: Database, s: SessaoRequest, empresa: string, estoque: EstoqueDemo, dia: string): Promise<void> {
  const sessao = { ...s, empresa };
  await withTenant(db, sessao, async (tx) => {
    if (await documentoDe(tx, sessao, 'saidaManual')) return;
    const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa, usuario: s.usuario };
    const id = (descricao: string) => estoque.produtoPorDescricao.get(descricao);
    const verduras = [id('Tomate'), id('Alface americana')].filter((p): p is string => Boolean(p));
    await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'saidaManual', local: estoque.locais.cozinha, motivo: 'Vencimento', ocorridoEm: noDia(dia, 16), observacao: 'Verduras passadas', itens: verduras.map((p) => ({ produto: p, quantidade: '1.5' })) }));
    const garrafa = id('Cerveja long neck');
    if (garrafa) await registrarDocumento(tx, autor, documentoEstoqueSchema.parse({ tipo: 'saidaManual', local: estoque.locais.cozinha, motivo: 'Quebra', ocorridoEm: noDia(dia, 22), itens: [{ produto: garrafa, quantidade: '2' }] }));
  });
}

/** The company's product row, stock controlled with a minimum (an ingredient's is inactive: it is never sold). */
async function garantirMinimo(tx: Transaction, s: SessaoRequest, produto: string, minimo: string, venda = { preco: 0, custo: 0, ativo: false }) {
  const [achado] = await tx
    .select({ id: registro.id, dados: registro.dados })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'produtoGeralEmpresa'), eq(registro.empresaId, s.empresa), sql`${registro.dados}->>'produtoGeral' = ${produto}`))
    .limit(1);
  if (achado) {
    const dados = achado.dados as Record<string, unknown>;
    if (dados.controlaEstoque === true && dados.estoqueMinimo === minimo) return;
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

