/** The live board's state and what changes it: the snapshot, then the server's events (no React here). */

export type EstadoItem = 'novo' | 'em_preparo' | 'pronto';

export interface ItemKds {
  _id: string;
  seq: number;
  produto: string;
  descricao: string;
  quantidade: string;
  modificadores: { descricao: string; quantidade?: string }[];
  observacao: string | null;
  setor: string | null;
  estado: EstadoItem;
  chegouEm: string;
  prontoEm: string | null;
}

export interface PedidoKds {
  _id: string;
  pedidoId: string;
  mesa: string | null;
  cliente: string | null;
  chegouEm: string;
  itens: ItemKds[];
}

export interface QuadroKds {
  _id: string;
  tipo: 'estacao' | 'expedicao';
  descricao: string;
  setores: { _id: string; descricao: string; cor: string | null }[];
  colunas: number;
  minutosAlerta: number;
  minutosAtraso: number;
  som: string;
  teclas: { tecla: string; acao: string }[];
  /** Per product, the assembly steps (kdsMontagem) this board shows. */
  montagens: Record<string, { descricao: string; setor: string; minutos: number }[]>;
}

export interface EventoKds {
  id: number;
  tipo: 'pedido' | 'preparo' | 'pronto' | 'recuperado';
  pedido: string;
  dados: { pedido?: PedidoKds; itens?: string[]; em?: string };
}

export interface EstadoQuadro {
  pedidos: PedidoKds[];
  /** The last event applied: sent on reconnect, so the server sends only what came after. */
  ultimo: number;
  /** Events applied lately; those at or below `piso` were applied and forgotten (a board runs for days). */
  vistos: ReadonlySet<number>;
  piso: number;
}

export const estadoInicial = (pedidos: PedidoKds[], ultimo: number): EstadoQuadro => ({ pedidos, ultimo, vistos: new Set(), piso: 0 });

/** How much a board keeps: the ids of its last events, and its last finished orders (recall brings back the last). */
export const LIMITES_QUADRO = { vistos: 2000, prontos: 30 };

/** Keeps the newest ids; the oldest become the floor below which every event counts as applied. */
function lembrar(vistos: Set<number>, piso: number): { vistos: Set<number>; piso: number } {
  if (vistos.size <= 2 * LIMITES_QUADRO.vistos) return { vistos, piso };
  const ids = [...vistos].sort((a, b) => a - b);
  const corte = ids.length - LIMITES_QUADRO.vistos;
  return { vistos: new Set(ids.slice(corte)), piso: Math.max(piso, ids[corte - 1]!) };
}

const mudarItens = (p: PedidoKds, ids: string[], muda: (i: ItemKds) => ItemKds): PedidoKds => ({ ...p, itens: p.itens.map((i) => (ids.includes(i._id) ? muda(i) : i)) });

/** Applies one event; an event already applied (a catch-up overlapping what came live) changes nothing. */
export function aplicar(estado: EstadoQuadro, e: EventoKds): EstadoQuadro {
  if (e.id <= estado.piso || estado.vistos.has(e.id) || e.id <= 0) return estado;
  const { vistos, piso } = lembrar(new Set(estado.vistos).add(e.id), estado.piso);
  const ultimo = Math.max(estado.ultimo, e.id);
  const ids = e.dados.itens ?? [];
  let pedidos = estado.pedidos;
  if (e.tipo === 'pedido' && e.dados.pedido) {
    if (!pedidos.some((p) => p._id === e.pedido)) pedidos = [...pedidos, e.dados.pedido];
  } else if (e.tipo === 'pronto') {
    pedidos = pedidos.map((p) => (p._id === e.pedido ? mudarItens(p, ids, (i) => ({ ...i, estado: 'pronto', prontoEm: e.dados.em ?? null })) : p));
  } else if (e.tipo === 'preparo') {
    pedidos = pedidos.map((p) => (p._id === e.pedido ? mudarItens(p, ids, (i) => ({ ...i, estado: 'em_preparo' })) : p));
  } else if (e.tipo === 'recuperado') {
    pedidos = pedidos.map((p) => (p._id === e.pedido ? mudarItens(p, ids, (i) => ({ ...i, estado: 'em_preparo', prontoEm: null })) : p));
  }
  return { pedidos, ultimo, vistos, piso };
}

const prontoNoQuadro = (p: PedidoKds, setores: ReadonlySet<string>) => p.itens.every((i) => i.estado === 'pronto' || i.setor === null || !setores.has(i.setor));
const ultimoPronto = (p: PedidoKds) => p.itens.reduce((m, i) => (i.prontoEm && i.prontoEm > m ? i.prontoEm : m), '');

/**
 * Forgets the orders this board finished long ago (it receives only its own sectors' bumps, so "finished" is
 * for its sectors), keeping the last ones, which recall may bring back.
 */
export function podar(estado: EstadoQuadro, setores: ReadonlySet<string>): EstadoQuadro {
  const prontos = estado.pedidos.filter((p) => prontoNoQuadro(p, setores));
  if (prontos.length <= LIMITES_QUADRO.prontos) return estado;
  const esquecer = new Set(
    prontos
      .sort((a, b) => ultimoPronto(b).localeCompare(ultimoPronto(a)))
      .slice(LIMITES_QUADRO.prontos)
      .map((p) => p._id),
  );
  return { ...estado, pedidos: estado.pedidos.filter((p) => !esquecer.has(p._id)) };
}

/**
 * The orders the board shows, oldest first, each with only the items of its sectors: a station shows an
 * order while it has something of its own to make; the dispatch while any item of its sectors is not ready.
 */
export function pedidosNaTela(estado: EstadoQuadro, quadro: Pick<QuadroKds, 'setores'>): PedidoKds[] {
  const setores = new Set(quadro.setores.map((s) => s._id));
  return estado.pedidos
    .map((p) => ({ ...p, itens: p.itens.filter((i) => i.setor !== null && setores.has(i.setor)) }))
    .filter((p) => p.itens.some((i) => i.estado !== 'pronto'))
    .sort((a, b) => a.chegouEm.localeCompare(b.chegouEm));
}

export type Cor = 'no-prazo' | 'alerta' | 'atrasado';

/** The timer's colour by the station's minutes: from `minutosAlerta` on, alert; from `minutosAtraso`, late. */
export function corDoTempo(chegouEm: string, agora: number, q: Pick<QuadroKds, 'minutosAlerta' | 'minutosAtraso'>): Cor {
  const minutos = (agora - new Date(chegouEm).getTime()) / 60_000;
  if (minutos >= q.minutosAtraso) return 'atrasado';
  if (minutos >= q.minutosAlerta) return 'alerta';
  return 'no-prazo';
}

/** mm:ss since the order arrived (h:mm:ss past an hour). */
export function tempoDecorrido(chegouEm: string, agora: number): string {
  const s = Math.max(0, Math.floor((agora - new Date(chegouEm).getTime()) / 1000));
  const dois = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h ? `${h}:${dois(Math.floor((s % 3600) / 60))}:${dois(s % 60)}` : `${dois(Math.floor(s / 60))}:${dois(s % 60)}`;
}

/** The action of a key on this station's bump bar (kdsTeclado), or null. */
export function acaoDaTecla(teclas: QuadroKds['teclas'], tecla: string): string | null {
  return teclas.find((t) => t.tecla.toLowerCase() === tecla.toLowerCase())?.acao ?? null;
}

/** "2" for 2.000, "0,5" for 0.500: quantities as the kitchen reads them. */
export const quantidadeLegivel = (q: string) => (q.includes('.') ? q.replace(/\.?0+$/, '') : q).replace('.', ',');
