import { cnpjCheckDigits, findRecurso, type RecursoDef } from '@retaguarda/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { registro, usuario } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { criarNaTransacao } from '../resources/pipeline.ts';
import { cederAoUso, emLotes } from './cederAoUso.ts';
import { garantirPrecoDemo, impostosDemo } from './impostosDemo.ts';
import type { SessaoRequest } from '../session/requireSession.ts';

/** What the demonstration sales need of a group: stores, products with prices, payments, terminals. */
export interface ProdutoDemo {
  id: string;
  descricao: string;
  preco: number;
  /** Relative popularity: how often it is ordered. */
  peso: number;
  pesavel?: boolean;
  bebida?: boolean;
  /** The agrupador's description (menu section), created when missing. */
  agrupador?: string;
  /** Sold only at breakfast (07:00–10:30), or at breakfast as well as the rest of the day. */
  manha?: boolean;
  tambemManha?: boolean;
}
/** A product sold only as a complement (modifier) of others: "Bacon extra" on a burger. */
export interface ComplementoDemo {
  id: string;
  descricao: string;
  preco: number;
}
export interface LojaDemo {
  empresa: string;
  /** The store's CNPJ: the issuer in its NFC-e access keys. */
  cnpj: string;
  terminal: string;
  formas: Record<'Dinheiro' | 'PIX' | 'Crédito' | 'Débito' | 'Vale-refeição', string>;
}
export interface CatalogoDemo {
  produtos: ProdutoDemo[];
  lojas: LojaDemo[];
  descontoMotivo: string;
  complementos: ComplementoDemo[];
  /** The group's active users: they close sales (operador) and move items between tables. */
  usuarios: string[];
}

const PRODUTOS: Omit<ProdutoDemo, 'id'>[] = [
  { descricao: 'Prato feito do dia', agrupador: 'Pratos', preco: 2890, peso: 14 },
  { descricao: 'Filé à parmegiana', agrupador: 'Pratos', preco: 5490, peso: 6 },
  { descricao: 'Frango grelhado com salada', agrupador: 'Pratos', preco: 3690, peso: 6 },
  { descricao: 'Feijoada completa', agrupador: 'Pratos', preco: 4590, peso: 4 },
  { descricao: 'Buffet por quilo', agrupador: 'Pratos', preco: 6990, peso: 10, pesavel: true },
  { descricao: 'Xis salada', agrupador: 'Lanches', preco: 2990, peso: 9 },
  { descricao: 'Xis bacon', agrupador: 'Lanches', preco: 3390, peso: 7 },
  { descricao: 'Hambúrguer artesanal', agrupador: 'Lanches', preco: 3890, peso: 6 },
  { descricao: 'Pizza média calabresa', agrupador: 'Pizzas', preco: 5290, peso: 5 },
  { descricao: 'Pizza média marguerita', agrupador: 'Pizzas', preco: 4990, peso: 4 },
  { descricao: 'Batata frita porção', agrupador: 'Porções', preco: 2490, peso: 7 },
  { descricao: 'Pastel de carne', agrupador: 'Porções', preco: 990, peso: 6, tambemManha: true },
  { descricao: 'Salada Caesar', agrupador: 'Pratos', preco: 3290, peso: 3 },
  { descricao: 'Pudim de leite', agrupador: 'Sobremesas', preco: 1290, peso: 4 },
  { descricao: 'Petit gâteau', agrupador: 'Sobremesas', preco: 2290, peso: 3 },
  { descricao: 'Açaí 500 ml', agrupador: 'Sobremesas', preco: 2190, peso: 4 },
  { descricao: 'Refrigerante lata', agrupador: 'Bebidas', preco: 700, peso: 14, bebida: true },
  { descricao: 'Suco natural de laranja', agrupador: 'Bebidas', preco: 990, peso: 8, bebida: true, tambemManha: true },
  { descricao: 'Água mineral', agrupador: 'Bebidas', preco: 450, peso: 7, bebida: true, tambemManha: true },
  { descricao: 'Cerveja long neck', agrupador: 'Bebidas', preco: 1290, peso: 8, bebida: true },
  { descricao: 'Caipirinha', agrupador: 'Bebidas', preco: 2190, peso: 3, bebida: true },
  { descricao: 'Café expresso', agrupador: 'Bebidas', preco: 650, peso: 6, bebida: true, tambemManha: true },
  // Breakfast, from 07:00: last in the list, so the lunch and dinner draws stay as they were.
  { descricao: 'Pão de queijo', agrupador: 'Café da manhã', preco: 690, peso: 10, manha: true },
  { descricao: 'Misto quente', agrupador: 'Café da manhã', preco: 1490, peso: 8, manha: true },
  { descricao: 'Pão na chapa', agrupador: 'Café da manhã', preco: 790, peso: 7, manha: true },
  { descricao: 'Café com leite', agrupador: 'Bebidas', preco: 790, peso: 9, bebida: true, manha: true },
];
const COMPLEMENTOS: Omit<ComplementoDemo, 'id'>[] = [
  { descricao: 'Bacon extra', preco: 400 },
  { descricao: 'Queijo extra', preco: 300 },
];

const FORMAS = { Dinheiro: 'Dinheiro', PIX: 'PIX', Crédito: 'Cartão de Crédito', Débito: 'Cartão de Débito', 'Vale-refeição': 'Vale Refeição' } as const;

const def = (nome: string): RecursoDef => findRecurso(nome)!;

/** The record of the resource whose field equals the value (in the company when given), if there is one. */
export async function acharRegistro(tx: Transaction, s: SessaoRequest, recurso: string, campo: string, valor: string, empresa?: string) {
  const [achado] = await tx
    .select({ id: registro.id, version: registro.version, dados: registro.dados })
    .from(registro)
    .where(
      and(
        eq(registro.grupoEmpresarialId, s.grupoEmpresarial),
        eq(registro.recurso, recurso),
        eq(registro.lixo, false),
        sql`${registro.dados}->>${campo} = ${valor}`,
        ...(empresa ? [eq(registro.empresaId, empresa)] : []),
      ),
    )
    .limit(1);
  return achado;
}

/** A record of the resource whose field equals the value (in the company when given), or a new one. */
export async function garantir(tx: Transaction, s: SessaoRequest, recurso: string, campo: string, body: Record<string, unknown>, empresa?: string): Promise<string> {
  const achado = await acharRegistro(tx, s, recurso, campo, String(body[campo]), empresa);
  if (achado) return achado.id;
  return (await criarNaTransacao(tx, def(recurso), { ...s, empresa: empresa ?? s.empresa }, body))._id as string;
}

function corpoLoja(n: number): Record<string, unknown> {
  const base = `12345678${String(n + 1).padStart(4, '0')}`;
  return {
    nomeFantasia: `Restaurante Demonstração Loja ${n + 1}`,
    razaoSocial: 'Demonstração Restaurantes Ltda',
    cnpj: base + cnpjCheckDigits(base),
    crt: '1',
    cnae: '5611201',
    endereco: { cep: '01310100', logradouro: 'Avenida Paulista', numero: String(1000 + n * 10), bairro: 'Bela Vista', uf: 'SP', codigoMunicipio: '3550308', municipio: 'São Paulo' },
  };
}

/**
 * The group's stores (adding companies up to `lojas`), catalogue, payment methods and one PDV per
 * store, created through the resource engine (same rules as the screens) or found when already there.
 */
export async function prepararCatalogoDemo(db: Database, s: SessaoRequest, lojas: number): Promise<CatalogoDemo> {
  // A few short transactions rather than one long one: the server answers between them (the first start fills in the background).
  const grupo = await withTenant(db, s, async (tx) => {
    const empresas = (
      await tx
        .select({ id: registro.id, cnpj: sql<string | null>`${registro.dados}->>'cnpj'` })
        .from(registro)
        .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'empresa'), eq(registro.lixo, false)))
        .orderBy(asc(registro.createdAt), asc(registro.id))
    ).map((e) => ({ id: e.id, cnpj: e.cnpj ?? '' }));
    for (let n = empresas.length; n < lojas; n++) {
      const corpo = corpoLoja(n);
      empresas.push({ id: (await criarNaTransacao(tx, def('empresa'), s, corpo))._id as string, cnpj: String(corpo.cnpj) });
    }

    const un = await garantir(tx, s, 'unidadeMedida', 'sigla', { sigla: 'UN', descricao: 'Unidade' });
    const kg = await garantir(tx, s, 'unidadeMedida', 'sigla', { sigla: 'KG', descricao: 'Quilograma', fracionado: true });
    const agrupadores = new Map<string, string>();
    for (const descricao of new Set([...PRODUTOS.map((p) => p.agrupador), 'Adicionais'])) if (descricao) agrupadores.set(descricao, await garantir(tx, s, 'agrupador', 'descricao', { descricao }));
    const descontoMotivo = await garantir(tx, s, 'descontoMotivo', 'descricao', { descricao: 'Cortesia da casa' });
    // The hour periods the reports filter by (lunch and dinner peaks of the demonstration sales).
    await garantir(tx, s, 'periodoPorHora', 'descricao', { descricao: 'Café da manhã', horaInicio: '07:00', horaFim: '10:30' });
    await garantir(tx, s, 'periodoPorHora', 'descricao', { descricao: 'Almoço', horaInicio: '11:00', horaFim: '15:00' });
    await garantir(tx, s, 'periodoPorHora', 'descricao', { descricao: 'Jantar', horaInicio: '18:00', horaFim: '23:00' });
    return { empresas, un, kg, agrupadores, descontoMotivo };
  });
  const { empresas, un, kg, agrupadores, descontoMotivo } = grupo;
  const produtos = await emLotes(db, s, PRODUTOS, 8, async (tx, p): Promise<ProdutoDemo> => {
    const corpo = { descricao: p.descricao, unidade: p.pesavel ? kg : un, tipoProduto: p.pesavel ? 'pesável' : 'normal', ncm: p.bebida ? '22021000' : '21069090', agrupador: p.agrupador ? agrupadores.get(p.agrupador)! : null };
    return { ...p, id: await garantir(tx, s, 'produtoGeral', 'descricao', corpo) };
  });
  // Complements that are products of their own, so stock counts them (listaProdutosVendidos).
  const complementos = await emLotes(db, s, COMPLEMENTOS, 8, async (tx, c): Promise<ComplementoDemo> => {
    const corpo = { descricao: c.descricao, unidade: un, tipoProduto: 'normal', ncm: '21069090', agrupador: agrupadores.get('Adicionais')! };
    return { ...c, id: await garantir(tx, s, 'produtoGeral', 'descricao', corpo) };
  });
  const resultado: LojaDemo[] = [];
  for (const { id: empresa, cnpj } of empresas.slice(0, lojas)) {
    await cederAoUso(db);
    const sessao = { ...s, empresa };
    const loja = await withTenant(db, s, async (tx) => {
      const formas = {} as LojaDemo['formas'];
      for (const [descricao, tipo] of Object.entries(FORMAS)) {
        formas[descricao as keyof typeof FORMAS] = await garantir(tx, s, 'formaPagamento', 'descricao', { descricao, tipo, permiteTroco: tipo === 'Dinheiro' }, empresa);
      }
      const terminal = await garantir(tx, s, 'terminal', 'descricao', { descricao: 'PDV demonstração', tipo: 'PDV' }, empresa);
      return { empresa, cnpj, terminal, formas, impostos: await impostosDemo(tx, sessao) };
    });
    // Each product with its price and taxes in the store, sold in every mode (the menu builder and the price screens list them).
    await emLotes(db, sessao, [...produtos, ...complementos], 10, (tx, p) => garantirPrecoDemo(tx, sessao, p, loja.impostos));
    resultado.push({ empresa, cnpj, terminal: loja.terminal, formas: loja.formas });
  }
  return withTenant(db, s, async (tx) => {
    const usuarios = (
      await tx
        .select({ id: usuario.id })
        .from(usuario)
        .where(and(eq(usuario.grupoEmpresarialId, s.grupoEmpresarial), eq(usuario.ativo, true), eq(usuario.lixo, false)))
        .orderBy(asc(usuario.id))
    ).map((u) => u.id);
    return { produtos, lojas: resultado, descontoMotivo, complementos, usuarios: usuarios.length ? usuarios : [s.usuario] };
  });
}
