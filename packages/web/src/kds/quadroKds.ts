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
  vistos: ReadonlySet<number>;
}

export const estadoInicial = (pedidos: PedidoKds[], ultimo: number): EstadoQuadro => ({ pedidos, ultimo, vistos: new Set() });

const mudarItens = (p: PedidoKds, ids: string[], muda: (i: ItemKds) => ItemKds): PedidoKds => ({ ...p, itens: p.itens.map((i) => (ids.includes(i._id) ? muda(i) : i)) });

/** Applies one event; an event already applied (a catch-up overlapping what came live) changes nothing. */
export function aplicar(estado: EstadoQuadro, e: EventoKds): EstadoQuadro {
  if (estado.vistos.has(e.id) || e.id <= 0) return estado;
  const vistos = new Set(estado.vistos).add(e.id);
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
  return { pedidos, ultimo, vistos };
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
