import { hojeNoFuso, montarChaveAcesso, somarDias, valorDe, type CanalVenda } from '@retaguarda/domain';
import type { Database } from '../db/client.ts';
import { registrarSituacaoDocumento } from '../sales/documentoFiscal.ts';
import { cancelarVenda, registrarVendas } from '../sales/ingestao.ts';
import { FUSO, intervaloDeDias } from '../sales/relatorios/periodo.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { sql } from 'drizzle-orm';
import { withTenant } from '../db/tenant.ts';
import { prepararFinanceiroDemo } from './financeiroDemo.ts';
import { aprovarPeriodosDemo, periodoDemo } from './caixaDemo.ts';
import { comCartao, prepararCartoesDemo, repassesCartaoDemo } from './cartoesDemo.ts';
import { comprarSemanaDemo, consumoDe, perdasDemo, prepararEstoqueDemo, type EstoqueDemo } from './estoqueDemo.ts';
import { prepararVitrineDemo } from './cardapioDemo.ts';
import { contagensDemo, producoesDemo } from './contagemProducaoDemo.ts';
import { cederAoUso } from './cederAoUso.ts';
import { prepararCatalogoDemo, type CatalogoDemo, type LojaDemo, type ProdutoDemo } from './catalogoDemo.ts';
import { cozinhaDemo, prepararKdsDemo } from './kdsDemo.ts';
import { prepararAppTerceirosDemo } from './appTerceirosDemo.ts';
import { prepararQrCodeDemo } from './qrCodeDemo.ts';
import { prepararDeliveryDemo } from './deliveryDemo.ts';
import { prepararDeliveryProprioDemo } from './deliveryProprioDemo.ts';
import { prepararWhatsAppDemo } from './whatsappDemo.ts';

/**
 * Believable sales for the demonstration group, sent through the same ingestion code as the
 * terminals: weekday and hour patterns (lunch and dinner peaks), channels, a payment mix, service
 * and delivery fees, discounts with a reason, cancelled items and cancelled sales. Deterministic
 * for a seed: running it again sends the same orders, which the ingestion answers as duplicates.
 */
export interface OpcoesVendasDemo {
  lojas: number;
  dias: number;
  /** The last day (default yesterday, or today with ateAgora), 'aaaa-mm-dd'. */
  ate?: string;
  /** Up to now: the last day is today, its sales until the current minute. */
  ateAgora?: boolean;
  /** The instant taken as now (default the clock's): tests and demonstrations at odd hours. */
  agora?: Date;
  semente?: number;
  /** The key of secrets at rest: with it, the WhatsApp robot's demonstration (its token is kept encrypted). */
  chaveSegredos?: () => Buffer;
  /** After each day (of every store): days done, days in all, sales so far, whether that day was today. */
  progresso?: (feitos: number, total: number, vendas: number, hoje: boolean) => void;
}

/** mulberry32: small, fast and the same on every machine. */
function aleatorio(semente: number) {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Sorteio = () => number;
const escolher = <T>(r: Sorteio, pesos: readonly (readonly [T, number])[]): T => {
  const total = pesos.reduce((s, [, p]) => s + p, 0);
  let x = r() * total;
  for (const [valor, peso] of pesos) if ((x -= peso) < 0) return valor;
  return pesos[pesos.length - 1]![0];
};
/** A roughly normal draw (sum of uniforms). */
const normal = (r: Sorteio, media: number, desvio: number) => media + desvio * (r() + r() + r() + r() - 2) * 1.22;

// Sunday … Saturday: Friday and Saturday nights are the busiest, Monday the quietest.
const FATOR_DIA = [1.15, 0.7, 0.8, 0.85, 0.95, 1.3, 1.4];
const CANAIS: readonly (readonly [CanalVenda, number])[] = [
  ['Salão', 45],
  ['Balcão', 20],
  ['Delivery', 20],
  ['Totem', 7],
  ['QR Code', 5],
  ['App', 3],
];
// Breakfast is mostly at the counter: a coffee and a pão de queijo on the way to work.
const CANAIS_MANHA: readonly (readonly [CanalVenda, number])[] = [
  ['Balcão', 55],
  ['Salão', 30],
  ['Delivery', 10],
  ['App', 5],
];
const FATOR_MANHA = [0.8, 1, 1, 1, 1, 1.1, 1.2];
const PAGAMENTOS: readonly (readonly [keyof LojaDemo['formas'], number])[] = [
  ['PIX', 35],
  ['Crédito', 28],
  ['Débito', 20],
  ['Dinheiro', 10],
  ['Vale-refeição', 7],
];
const TPAG: Record<keyof LojaDemo['formas'], string> = { Dinheiro: '01', PIX: '17', Crédito: '03', Débito: '04', 'Vale-refeição': '11' };

const doisDigitos = (n: number) => String(n).padStart(2, '0');
/** A SEFAZ protocol (nProt, 15 digits) for a store's note: 1 authorization, 2 cancellation event. */
const protocoloDemo = (tipo: 1 | 2, l: number, numero: number) => `${tipo}35${String(l + 1).padStart(2, '0')}${String(numero).padStart(10, '0')}`;

/** São Paulo time (-03:00) of a day and minutes since midnight. */
const instante = (dia: string, minutos: number) => `${dia}T${doisDigitos(Math.floor(minutos / 60))}:${doisDigitos(Math.floor(minutos % 60))}:00-03:00`;

const MOTIVOS_TRANSFERENCIA = ['Cliente mudou de mesa', 'Juntou com a mesa ao lado', 'Lançado na mesa errada', null] as const;

/** An NFC-e of the store: mostly authorized, a few in contingency or rejected; some sales go without one. */
function documentoDemo(r: Sorteio, loja: LojaDemo, dia: string, numero: number, cancelar: boolean) {
  if (r() < 0.06) return null;
  const x = r();
  // A sale cancelled later was authorized first: its cancellation event cancels the NFC-e.
  const status = cancelar ? 'autorizada' : x < 0.02 ? 'contingencia' : x < 0.025 ? 'rejeitada' : 'autorizada';
  const chave = montarChaveAcesso({
    cUF: 35,
    anoMes: `${dia.slice(2, 4)}${dia.slice(5, 7)}`,
    emitente: loja.cnpj,
    modelo: '65',
    serie: 1,
    numero,
    tpEmis: status === 'contingencia' ? '9' : '1',
    codigo: (numero * 7919) % 100_000_000,
  });
  return { modelo: '65' as const, chave, numero, serie: 1, status };
}

/** One order of the day; `manha`: a breakfast order (07:00–10:30, breakfast products and drinks). */
function pedidoDemo(r: Sorteio, catalogo: CatalogoDemo, loja: LojaDemo, dia: string, n: number, usuario: string, manha = false) {
  const periodo = escolher(r, [
    ['almoço', 45],
    ['jantar', 40],
    ['outro', 15],
  ] as const);
  const minutos = manha
    ? Math.min(10 * 60 + 30, Math.max(7 * 60, normal(r, 8 * 60 + 30, 45)))
    : Math.min(23 * 60 + 30, Math.max(10 * 60, periodo === 'almoço' ? normal(r, 12 * 60 + 45, 50) : periodo === 'jantar' ? normal(r, 20 * 60 + 15, 70) : 10 * 60 + r() * 13 * 60));
  const canal = escolher(r, manha ? CANAIS_MANHA : CANAIS);
  const doPeriodo = (p: ProdutoDemo) => (manha ? p.manha || p.tambemManha : !p.manha);
  const pratos = catalogo.produtos.filter((p) => !p.bebida && doPeriodo(p));
  const bebidas = catalogo.produtos.filter((p) => p.bebida && doPeriodo(p));
  const escolherProduto = (lista: ProdutoDemo[]) => escolher(r, lista.map((p) => [p, p.peso] as const));
  const pessoas = 1 + Math.floor(r() * (canal === 'Salão' && !manha ? 4 : 2));
  const itens = [];
  for (let i = 0; i < pessoas; i++) {
    const prato = escolherProduto(pratos);
    // The terminal sends the NFC-e's codes: food taxed in the Simples (5102/102), drinks with ST already withheld (5405/500).
    // A third of the burgers go with an extra (a product of its own, counted by stock).
    const extra = prato.agrupador === 'Lanches' && r() < 0.3 ? catalogo.complementos[Math.floor(r() * catalogo.complementos.length)] : undefined;
    const modificadores = extra ? [{ descricao: extra.descricao, produto: extra.id, quantidade: '1', precoUnitario: extra.preco }] : [];
    itens.push({ produto: prato.id, quantidade: prato.pesavel ? (0.3 + r() * 0.5).toFixed(3) : '1', precoUnitario: prato.preco, cfop: '5102', cst: '102', modificadores });
    if (r() < (manha ? 0.9 : 0.75)) itens.push({ produto: escolherProduto(bebidas).id, quantidade: String(1 + Math.floor(r() * 2)), precoUnitario: 0, cfop: '5405', cst: '500', modificadores: [] as typeof modificadores });
  }
  for (const item of itens) if (item.precoUnitario === 0) item.precoUnitario = catalogo.produtos.find((p) => p.id === item.produto)!.preco;
  const fechadoEm = instante(dia, minutos);
  const abertoEm = instante(dia, Math.max(manha ? 6 * 60 + 45 : 9 * 60, minutos - (canal === 'Salão' ? 30 + r() * 50 : 5 + r() * 20)));
  // About 3% of orders have an item cancelled, 5% a discount.
  const comCancelado = r() < 0.03;
  if (comCancelado) itens.push({ produto: escolherProduto(bebidas).id, quantidade: '1', precoUnitario: 700, cancelado: { usuario, motivo: 'Pedido lançado errado', em: abertoEm } } as never);
  // A complement is charged per unit of its item (brutoDoItem).
  const bruto = itens.filter((i) => !('cancelado' in i)).reduce((s, i) => s + valorDe(i.quantidade, i.precoUnitario + i.modificadores.reduce((m, x) => m + valorDe(x.quantidade, x.precoUnitario), 0)), 0);
  const desconto = r() < 0.05 ? Math.round(bruto * 0.1) : 0;
  const taxaServico = canal === 'Salão' ? Math.round((bruto - desconto) * 0.1) : 0;
  const taxaEntrega = canal === 'Delivery' ? 500 + Math.floor(r() * 5) * 100 : 0;
  const total = bruto - desconto + taxaServico + taxaEntrega;
  const forma = canal === 'Delivery' || canal === 'App' ? escolher(r, PAGAMENTOS.filter(([f]) => f !== 'Dinheiro')) : escolher(r, PAGAMENTOS);
  const pago = forma === 'Dinheiro' ? Math.ceil(total / 1000) * 1000 : total;
  // QR code orders come from the tables' codes too.
  const mesa = canal === 'Salão' || canal === 'QR Code' ? String(1 + Math.floor(r() * 30)) : null;
  const operador = catalogo.usuarios[Math.floor(r() * catalogo.usuarios.length)]!;
  // About 4% of the tables move an item to another table (or comanda) before closing.
  const transferencias =
    mesa && r() < 0.04
      ? [{ item: 0, deMesa: String(1 + ((Number(mesa) + 4) % 30)), paraMesa: mesa, usuario: catalogo.usuarios[Math.floor(r() * catalogo.usuarios.length)]!, motivo: MOTIVOS_TRANSFERENCIA[Math.floor(r() * MOTIVOS_TRANSFERENCIA.length)]!, em: abertoEm }]
      : [];
  return {
    pedidoId: `${dia.replaceAll('-', '')}-${manha ? 'm' : ''}${n}`,
    canal,
    mesa,
    operador,
    transferencias,
    abertoEm,
    fechadoEm,
    itens,
    desconto,
    descontoMotivo: desconto ? catalogo.descontoMotivo : null,
    taxaServico,
    taxaEntrega,
    pagamentos: [{ formaPagamento: loja.formas[forma], tPag: TPAG[forma], valor: pago, troco: pago - total, parcelas: 1 }],
    total,
  };
}

function dias(ate: string, quantos: number): string[] {
  const fim = Date.parse(`${ate}T12:00:00Z`);
  return Array.from({ length: quantos }, (_, i) => new Date(fim - (quantos - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const numeroDoDia = (dia: string) => Math.round(Date.parse(`${dia}T12:00:00Z`) / 86_400_000);

/** A sale of the day, with whether it is cancelled afterwards. */
type PedidoDemo = ReturnType<typeof pedidoDemo> & { documentoFiscal: ReturnType<typeof documentoDemo>; cancelar: boolean };

/**
 * Every sale of one store on one day, the same whenever asked (its own seed from the store and the
 * day): a restart on a later day sends the same orders for a day already there (duplicates) and only
 * adds the missing ones. NFC-e numbers are the day's number × 1000 plus the order's.
 */
function pedidosDoDia(catalogo: CatalogoDemo, l: number, dia: string, semente: number, usuario: string): PedidoDemo[] {
  const loja = catalogo.lojas[l]!;
  // Each store has its own size: from a small counter to a busy restaurant.
  const porDia = 60 + Math.floor(aleatorio(semente * 1000 + l)() * 220);
  const r = aleatorio((semente * 1000 + l) ^ Math.imul(numeroDoDia(dia), 0x9e3779b1));
  const semana = new Date(`${dia}T12:00:00Z`).getUTCDay();
  const quantos = Math.max(5, Math.round(porDia * FATOR_DIA[semana]! * (0.85 + r() * 0.3)));
  const resto = Array.from({ length: quantos }, (_, n) => {
    const pedido = pedidoDemo(r, catalogo, loja, dia, n + 1, usuario);
    // About 1% of sales are cancelled afterwards, through the cancellation call with the NFC-e's cancellation event.
    const cancelar = r() < 0.01;
    return { ...pedido, documentoFiscal: documentoDemo(r, loja, dia, (numeroDoDia(dia) % 100_000) * 1000 + n + 1, cancelar), cancelar };
  });
  // Breakfast from a stream of its own, so the rest of the day's orders are the ones earlier versions sent
  // (a restart finds them as duplicates). Numbered from 700: a day has fewer than 500 other orders.
  const rm = aleatorio(((semente * 1000 + l) ^ Math.imul(numeroDoDia(dia), 0x85ebca6b)) + 0x5bd1e995);
  const cafes = Math.max(3, Math.round(porDia * 0.15 * FATOR_MANHA[semana]! * (0.85 + rm() * 0.3)));
  const manha = Array.from({ length: cafes }, (_, n) => {
    const pedido = pedidoDemo(rm, catalogo, loja, dia, n + 1, usuario, true);
    return { ...pedido, documentoFiscal: documentoDemo(rm, loja, dia, (numeroDoDia(dia) % 100_000) * 1000 + 700 + n + 1, false), cancelar: false };
  });
  return [...manha, ...resto].sort((a, b) => Date.parse(a.fechadoEm) - Date.parse(b.fechadoEm));
}

/** The products a day's orders sell (items and complements that are products), for the stock forecast. */
function* vendidosDosPedidos(pedidos: readonly PedidoDemo[]): Generator<[string, string]> {
  for (const p of pedidos) {
    if (p.cancelar) continue;
    for (const item of p.itens) {
      if ('cancelado' in item) continue;
      yield [item.produto, item.quantidade];
      for (const m of item.modificadores) yield [m.produto, item.quantidade];
    }
  }
}

/** How many demonstration sales each store (its terminal) already has on each day from `de` to `ate`: `empresa|aaaa-mm-dd` → count. */
async function vendasPorDia(db: Database, s: SessaoRequest, catalogo: CatalogoDemo, de: string, ate: string): Promise<Map<string, number>> {
  const r = await withTenant(db, s, (tx) =>
    tx.execute<{ empresa_id: string; dia: string; n: number }>(sql`
      select empresa_id, to_char((fechado_em at time zone ${FUSO})::date, 'YYYY-MM-DD') as dia, count(*)::int as n from venda
      where grupo_empresarial_id = ${s.grupoEmpresarial} and terminal_id = any(${sql.param(catalogo.lojas.map((l) => l.terminal))}::text[])
        and ${intervaloDeDias(sql`fechado_em`, de, ate)}
      group by 1, 2`),
  );
  return new Map(r.rows.map((l) => [`${l.empresa_id}|${l.dia}`, l.n]));
}

/** The orders of a store's day already stored (a fill interrupted halfway through that day). */
async function pedidosGravados(db: Database, s: SessaoRequest, loja: LojaDemo, dia: string): Promise<Set<string>> {
  const r = await withTenant(db, s, (tx) =>
    tx.execute<{ pedido_id: string }>(sql`
      select pedido_id from venda where grupo_empresarial_id = ${s.grupoEmpresarial} and terminal_id = ${loja.terminal} and ${intervaloDeDias(sql`fechado_em`, dia, dia)}`),
  );
  return new Set(r.rows.map((l) => l.pedido_id));
}

/** Orders sent to the ingestion at a time: each batch a short transaction, so sign-ins and screens are answered between them. */
const LOTE = 10;

export async function gerarVendasDemo(db: Database, s: SessaoRequest, opcoes: OpcoesVendasDemo): Promise<{ vendas: number; canceladas: number; lojas: number }> {
  const catalogo = await prepararCatalogoDemo(db, s, opcoes.lojas);
  await prepararKdsDemo(db, s, catalogo);
  await prepararAppTerceirosDemo(db, s, catalogo);
  const cartoes = await prepararCartoesDemo(db, s, catalogo.lojas.map((l) => l.empresa));
  // Yesterday in the stores' clock: near midnight UTC the UTC date is already the stores' tomorrow.
  const agora = opcoes.agora?.getTime() ?? Date.now();
  const hoje = hojeNoFuso(new Date(agora));
  const calendario = dias(opcoes.ate ?? (opcoes.ateAgora ? hoje : somarDias(hoje, -1)), opcoes.dias);
  const semente = opcoes.semente ?? 2026;
  const feitas = await vendasPorDia(db, s, catalogo, calendario[0]!, calendario.at(-1)!);
  const indice = new Map(catalogo.lojas.map((l, i) => [l.empresa, i]));
  // A week of a store's sales, exploded through the recipes: what its purchases are sized to.
  const previsao = (empresa: string, estoque: EstoqueDemo, de: string) =>
    consumoDe(estoque, Array.from({ length: 7 }, (_, d) => [...vendidosDosPedidos(pedidosDoDia(catalogo, indice.get(empresa)!, somarDias(de, d), semente, s.usuario))]).flat());
  const estoques = await prepararEstoqueDemo(db, s, catalogo, calendario[0]!, previsao);
  let vendas = 0;
  let canceladas = 0;
  let feitos = 0;
  // Today first, so the day's dashboard has figures within seconds; then the other days oldest first. Sales
  // never go into the ledger's past (their cost is checked against the last purchase, at 05:00, before
  // the stores open): only a week's purchase dated before today's sales is replayed, once per product.
  const ordem = calendario.at(-1) === hoje && calendario.length > 1 ? [hoje, ...calendario.slice(0, -1)] : calendario;
  const depois: (() => Promise<void>)[] = [];
  for (const dia of ordem) {
    for (const [l, loja] of catalogo.lojas.entries()) {
      const { estoque, inicio } = estoques.get(loja.empresa)!;
      const doDia = pedidosDoDia(catalogo, l, dia, semente, s.usuario).filter((p) => Date.parse(p.fechadoEm) <= agora);
      const ja = feitas.get(`${loja.empresa}|${dia}`) ?? 0;
      // A store's day already there is skipped; a day interrupted halfway gets its missing orders.
      if (ja >= doDia.length) continue;
      const desdeInicio = numeroDoDia(dia) - numeroDoDia(inicio);
      if (desdeInicio > 0 && desdeInicio % 7 === 0) {
        const comprar = () => comprarSemanaDemo(db, s, loja.empresa, estoque, dia, desdeInicio / 7, previsao(loja.empresa, estoque, dia));
        if (dia === hoje && ordem[0] === hoje) depois.push(comprar);
        else await comprar();
      }
      const gravados = ja ? await pedidosGravados(db, s, loja, dia) : new Set<string>();
      const pedidos = doDia.filter((p) => !gravados.has(p.pedidoId));
      const terminal = { grupoEmpresarial: s.grupoEmpresarial, empresa: loja.empresa, terminal: loja.terminal };
      // The day's cash period on the store's PDV: its sales are counted in it (conciliacaoCaixa).
      const periodo = await periodoDemo(db, s, loja, dia, hoje);
      for (let i = 0; i < pedidos.length; i += LOTE) {
        const lote = pedidos.slice(i, i + LOTE);
        // Card and voucher payments name the store's acquirer and a brand, so the forecast charges the contract's fees.
        const recebidas = await registrarVendas(db, terminal, lote.map(({ cancelar: _, ...p }) => ({ ...p, periodo, pagamentos: p.pagamentos.map((pg) => comCartao(pg, p.pedidoId, cartoes.get(loja.empresa))) })));
        vendas += recebidas.filter((v) => !v.duplicado).length;
        for (const pedido of lote) {
          const doc = pedido.documentoFiscal;
          if (pedido.cancelar) {
            const protocoloCancelamento = doc ? protocoloDemo(2, l, doc.numero) : null;
            const c = await cancelarVenda(db, terminal, pedido.pedidoId, { usuario: s.usuario, motivo: 'Cliente desistiu após o fechamento', em: pedido.fechadoEm, protocoloCancelamento });
            if (!c.jaCancelada) canceladas++;
          } else if (doc?.status === 'contingencia' && doc.numero % 2 === 0) {
            // Half the contingency notes were transmitted 40 minutes later; the others still wait.
            const em = new Date(new Date(pedido.fechadoEm).getTime() + 40 * 60_000).toISOString();
            await registrarSituacaoDocumento(db, terminal, pedido.pedidoId, { status: 'autorizada', protocolo: protocoloDemo(1, l, doc.numero), codigo: '100', em });
          }
        }
        await cederAoUso(db);
      }
    }
    // Counted outside the optional call: `progresso?.(++feitos)` skips the increment when there is no progresso.
    feitos++;
    opcoes.progresso?.(feitos, ordem.length, vendas, dia === hoje);
    // The menu, combos and promotions right after today's sales: the catalogue screens are full early too.
    if (feitos === 1) await prepararVitrineDemo(db, s, catalogo, calendario[0]!);
    // The stores' money (accounts and two months of movements up to today): the finance screens early too.
    if (feitos === 1) await prepararFinanceiroDemo(db, s, catalogo.lojas.map((l) => l.empresa), hoje);
    // The kitchen boards after today's sales (its last hour reached them): made, being made, new.
    if (feitos === 1) await cozinhaDemo(db, s);
    // QR code tables in every store, with a few orders of today's last hour on the boards and two waiter calls.
    if (feitos === 1 && dia === hoje) await prepararQrCodeDemo(db, s, catalogo, agora, hoje);
    // An iFood integration of the first store with today's orders in every state (appIntegracaoDelivery), when today is filled.
    if (feitos === 1 && dia === hoje) await prepararDeliveryDemo(db, s, catalogo, agora);
    // The first store's own delivery page (/d/…) with three of today's orders of signed-in customers.
    if (feitos === 1 && dia === hoje) await prepararDeliveryProprioDemo(db, s, catalogo, agora);
    // The WhatsApp robot (pointing at nothing real), its automatic messages, conversations and a win-back campaign.
    if (feitos === 1 && dia === hoje && opcoes.chaveSegredos) await prepararWhatsAppDemo(db, s, catalogo, opcoes.chaveSegredos(), agora);
  }
  for (const comprar of depois) await comprar();
  for (const loja of catalogo.lojas) {
    const { estoque } = estoques.get(loja.empresa)!;
    await perdasDemo(db, s, loja.empresa, estoque, calendario.at(-1)!);
    // The counts and production orders after the sales: their balances are the day's, as a clerk's would be.
    await contagensDemo(db, s, loja.empresa, estoque);
    await producoesDemo(db, s, loja.empresa, estoque, hoje);
    await cederAoUso(db);
  }
  await aprovarPeriodosDemo(db, s, catalogo.lojas, hoje);
  // Stone's payouts on the bank statement, matched to the forecast: the card fee audit's rows.
  await repassesCartaoDemo(db, s, cartoes, calendario.at(-1)!);
  return { vendas, canceladas, lojas: catalogo.lojas.length };
}
