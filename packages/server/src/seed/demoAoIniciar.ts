import { hojeNoFuso } from '@retaguarda/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { grupoEmpresarial, registro, usuario } from '../db/schema/index.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import type { Armazenamento } from '../storage/armazenamento.ts';
import { prepararEntradasDemo } from './entradaNotaFiscalDemo.ts';
import { prepararDfeDemo } from './dfeDemo.ts';
import { prepararExportacaoDemo } from './exportacaoDemo.ts';
import { prepararPedidosCompraDemo } from './pedidoCompraDemo.ts';
import { vincularPedidosDemo } from './pedidoDaNotaDemo.ts';
import { prepararSugestaoPedidoDemo } from './sugestaoPedidoDemo.ts';
import { prepararTransferenciasDemo } from './transferenciaDemo.ts';
import { prepararEmissaoDemo } from './emissaoDemo.ts';
import { gerarVendasDemo } from './vendasDemo.ts';

/** Where the background fill of the demonstration is (GET /api/demo/estado; the dashboard's notice). */
export interface EstadoDemo {
  preenchendo: boolean;
  /** Days done of the days in all (each day of every store). */
  feitos: number;
  total: number;
}
const estado: EstadoDemo = { preenchendo: false, feitos: 0, total: 0 };
export const estadoDemo = (): EstadoDemo => ({ ...estado });

/** Grupo Demonstração as its administrator (the generator's session), with how many stores it has; null without it. */
async function sessaoDemo(db: Database): Promise<{ s: SessaoRequest; lojas: number } | null> {
  const [grupo] = await db.select({ id: grupoEmpresarial.id }).from(grupoEmpresarial).where(eq(grupoEmpresarial.nome, 'Grupo Demonstração')).orderBy(asc(grupoEmpresarial.id)).limit(1);
  if (!grupo) return null;
  const [admin] = await db.select({ id: usuario.id }).from(usuario).where(and(eq(usuario.grupoEmpresarialId, grupo.id), eq(usuario.email, 'admin@demo.com.br')));
  const [empresas] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registro)
    .where(and(eq(registro.grupoEmpresarialId, grupo.id), eq(registro.recurso, 'empresa'), eq(registro.lixo, false)));
  const s = { id: 'demo', usuario: admin?.id ?? 'demo', grupoEmpresarial: grupo.id, empresa: '', permissoes: { administrador: true, telas: {}, pdv: [] } };
  return { s, lojas: Math.max(1, empresas?.n ?? 0) };
}

/**
 * Whether a database that was not created now holds a demonstration to fill or top up: Grupo
 * Demonstração already has sales from its demonstration terminals (a first start, or npm run seed),
 * or is as the seed left it (no product and no sale: a database from before the living demonstration).
 */
export async function demoAPreencher(db: Database): Promise<boolean> {
  const r = await db.execute<{ sim: boolean }>(sql`
    with g as (select id from grupo_empresarial where nome = 'Grupo Demonstração')
    select exists (
      select 1 from venda v join g on g.id = v.grupo_empresarial_id
      join registro t on t.grupo_empresarial_id = v.grupo_empresarial_id and t.id = v.terminal_id and t.dados->>'descricao' = 'PDV demonstração'
    ) or exists (
      select 1 from g where not exists (select 1 from venda v where v.grupo_empresarial_id = g.id)
        and not exists (select 1 from registro p where p.grupo_empresarial_id = g.id and p.recurso = 'produtoGeral')
    ) as sim`);
  return r.rows[0]?.sim === true;
}

/**
 * The living demonstration (main.ts, after the server listens): Grupo Demonstração's catalogue with
 * prices, taxes, recipes, stock, a published menu, combos and promotions in each of its stores, and its
 * sales of today until now (first) and of the last `dias` days, through the same ingestion as the
 * terminals. Run again (a restart), it adds only what is missing: each store's days, or orders of a day,
 * not stored yet, up to now. Progress goes to the log and to estadoDemo().
 */
export async function preencherDemo(db: Database, opcoes: { dias: number; agora?: Date | null; log?: (mensagem: string) => void; armazenamento?: Armazenamento; chaveSegredos?: () => Buffer }): Promise<{ vendas: number; canceladas: number; lojas: number; segundos: number } | null> {
  const demo = await sessaoDemo(db);
  if (!demo) return null;
  const log = opcoes.log ?? (() => {});
  const inicio = Date.now();
  Object.assign(estado, { preenchendo: true, feitos: 0, total: opcoes.dias + 1 });
  try {
    log(`[demo] preenchendo a demonstração: ${demo.lojas} loja(s), ${opcoes.dias === 1 ? 'o último dia' : `os últimos ${opcoes.dias} dias`} e hoje até agora`);
    const r = await gerarVendasDemo(db, demo.s, {
      lojas: demo.lojas,
      dias: opcoes.dias + 1,
      ateAgora: true,
      ...(opcoes.agora ? { agora: opcoes.agora } : {}),
      ...(opcoes.chaveSegredos ? { chaveSegredos: opcoes.chaveSegredos } : {}),
      progresso: (feitos, total, vendas, hoje) => {
        Object.assign(estado, { feitos, total });
        log(`[demo] vendas: ${feitos}/${total} dias (${vendas.toLocaleString('pt-BR')} vendas novas)`);
        // Today goes first: from here the day's dashboard has figures.
        if (hoje) log(`[demo] vendas de hoje prontas em ${((Date.now() - inicio) / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s; seguem os dias anteriores`);
      },
    });
    // Supplier notes to enter (entradaNotaFiscal): their XMLs go to the storage, so only with one.
    if (opcoes.armazenamento) await prepararEntradasDemo(db, opcoes.armazenamento, demo.s, hojeNoFuso(opcoes.agora ?? new Date()));
    // What baixarNotas would have downloaded for the first store (no SEFAZ call): its notes in each status.
    if (opcoes.armazenamento) await prepararDfeDemo(db, opcoes.armazenamento, demo.s, hojeNoFuso(opcoes.agora ?? new Date()));
    // The accountant's export of those notes (exportarDados), finished and ready to download.
    if (opcoes.armazenamento) await prepararExportacaoDemo(db, opcoes.armazenamento, demo.s, hojeNoFuso(opcoes.agora ?? new Date()));
    // Purchase orders from those suppliers (estoquePedidoCompra).
    if (opcoes.armazenamento) await prepararPedidosCompraDemo(db, demo.s, hojeNoFuso(opcoes.agora ?? new Date()));
    // The pending notes of those suppliers linked to the orders they deliver.
    if (opcoes.armazenamento) await vincularPedidosDemo(db, demo.s);
    // Suppliers, lead times and maximums of the ingredients: the order suggestion (estoqueSugestaoPedido).
    await prepararSugestaoPedidoDemo(db, demo.s);
    // Transfers between the stores and requests to the first store as central kitchen (estoqueTransferenciaLojas).
    await prepararTransferenciasDemo(db, demo.s, hojeNoFuso(opcoes.agora ?? new Date()));
    // NF-e of those transfers (emissaoNotaFiscal): a draft and one waiting for SEFAZ (no SEFAZ nor real A1 here).
    await prepararEmissaoDemo(db, demo.s);
    const segundos = Math.round((Date.now() - inicio) / 100) / 10;
    log(`[demo] pronto: ${r.vendas.toLocaleString('pt-BR')} vendas novas em ${r.lojas} loja(s) em ${segundos.toLocaleString('pt-BR')} s`);
    return { ...r, segundos };
  } finally {
    estado.preenchendo = false;
  }
}
