import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { kdsItem, registro, type EstadoItemKds } from '../db/schema/index.ts';
import { HttpError } from '../plugins/envelope.ts';
import { anunciar } from './eventos.ts';

/** A board's station (or dispatch) as the board needs it: what it shows, its timers, its keys. */
export interface Quadro {
  _id: string;
  tipo: 'estacao' | 'expedicao';
  descricao: string;
  setores: { _id: string; descricao: string; cor: string | null }[];
  colunas: number;
  minutosAlerta: number;
  minutosAtraso: number;
  som: string;
  teclas: { tecla: string; acao: string }[];
  /** Per product, its assembly steps (kdsMontagem) this board shows: a station's own sectors', the dispatch's all. */
  montagens: Record<string, PassoMontagem[]>;
}

export interface PassoMontagem {
  descricao: string;
  setor: string;
  minutos: number;
}

type Dados = Record<string, unknown>;

const ESTACAO_NAO_ENCONTRADA = 'Estação KDS não encontrada nesta loja.';

/** The station or dispatch `id` of the company (in the tenant's transaction: another group's is not found). */
export async function lerQuadro(tx: Transaction, empresa: string, id: string): Promise<Quadro> {
  const [r] = await tx
    .select({ id: registro.id, recurso: registro.recurso, dados: registro.dados })
    .from(registro)
    .where(and(eq(registro.id, id), inArray(registro.recurso, ['kdsEstacao', 'kdsExpedicao']), eq(registro.empresaId, empresa), eq(registro.lixo, false)))
    .limit(1);
  if (!r) throw new HttpError(404, ESTACAO_NAO_ENCONTRADA);
  const d = r.dados as Dados;
  const ids = (d.setores as string[] | undefined) ?? [];
  const setores = ids.length
    ? await tx.select({ id: registro.id, dados: registro.dados }).from(registro).where(and(eq(registro.recurso, 'kdsSetor'), inArray(registro.id, ids)))
    : [];
  const porId = new Map(setores.map((s) => [s.id, s.dados as Dados]));
  const teclados =
    r.recurso === 'kdsEstacao'
      ? await tx
          .select({ dados: registro.dados })
          .from(registro)
          // A keypad of this station, or of every station of the store (no station named).
          .where(and(eq(registro.recurso, 'kdsTeclado'), eq(registro.lixo, false), eq(registro.empresaId, empresa), sql`coalesce(${registro.dados}->>'estacao', ${id}) = ${id}`))
      : [];
  const montagens: Record<string, PassoMontagem[]> = {};
  const doQuadro = new Set(ids);
  for (const m of await tx
    .select({ dados: registro.dados })
    .from(registro)
    .where(and(eq(registro.recurso, 'kdsMontagem'), eq(registro.lixo, false), eq(registro.empresaId, empresa)))) {
    const { produto, passos } = m.dados as { produto?: string; passos?: PassoMontagem[] };
    const daqui = (passos ?? []).filter((p) => r.recurso === 'kdsExpedicao' || doQuadro.has(p.setor));
    if (produto && daqui.length) montagens[produto] = daqui.map((p) => ({ descricao: String(p.descricao ?? ''), setor: p.setor, minutos: Number(p.minutos ?? 0) }));
  }
  return {
    _id: r.id,
    tipo: r.recurso === 'kdsEstacao' ? 'estacao' : 'expedicao',
    descricao: String(d.descricao ?? ''),
    setores: ids.filter((s) => porId.has(s)).map((s) => ({ _id: s, descricao: String(porId.get(s)!.descricao ?? ''), cor: (porId.get(s)!.cor as string | undefined) ?? null })),
    colunas: Number(d.colunas ?? 4),
    minutosAlerta: Number(d.minutosAlerta ?? 8),
    minutosAtraso: Number(d.minutosAtraso ?? 15),
    som: String(d.som ?? ''),
    teclas: teclados.flatMap((t) => ((t.dados as Dados).teclas as { tecla: string; acao: string }[] | undefined) ?? []),
    montagens,
  };
}

const agora = () => new Date();

/**
 * Marks the items of order `pedido` that this station makes (its sectors) as pronto, or em preparo,
 * and tells the boards. Items already in that state are left as they were; nothing to change is a 409.
 */
export async function mudarEstado(tx: Transaction, grupo: string, empresa: string, q: Quadro, pedido: string, estado: 'em_preparo' | 'pronto') {
  if (q.tipo !== 'estacao') throw new HttpError(409, 'A expedição acompanha os pedidos; quem conclui os itens é a estação.');
  const setores = q.setores.map((s) => s._id);
  const em = agora();
  const de: EstadoItemKds[] = estado === 'pronto' ? ['novo', 'em_preparo'] : ['novo'];
  const mudados = await tx
    .update(kdsItem)
    .set({ estado, iniciadoEm: sql`coalesce(${kdsItem.iniciadoEm}, ${em.toISOString()}::timestamptz)`, ...(estado === 'pronto' ? { prontoEm: em, prontoEstacao: q._id } : {}) })
    .where(and(eq(kdsItem.grupoEmpresarialId, grupo), eq(kdsItem.empresaId, empresa), eq(kdsItem.kdsPedidoId, pedido), inArray(kdsItem.setorId, setores), inArray(kdsItem.estado, de)))
    .returning({ id: kdsItem.id, setor: kdsItem.setorId });
  if (!mudados.length) throw new HttpError(409, estado === 'pronto' ? 'Este pedido não tem itens a concluir nesta estação.' : 'Este pedido não tem itens novos nesta estação.');
  const evento = await anunciar(tx, {
    grupoEmpresarial: grupo,
    empresa,
    tipo: estado === 'pronto' ? 'pronto' : 'preparo',
    pedido,
    setores: [...new Set(mudados.map((m) => m.setor!))],
    dados: { itens: mudados.map((m) => m.id), estacao: q._id, em: em.toISOString() },
  });
  return { pedido, itens: mudados.map((m) => m.id), evento: evento.id };
}

/** Brings back the items this station bumped last (one order's), as em preparo; 409 when it bumped nothing. */
export async function recuperarUltimo(tx: Transaction, grupo: string, empresa: string, q: Quadro) {
  if (q.tipo !== 'estacao') throw new HttpError(409, 'A expedição não conclui itens, então não tem o que voltar.');
  const [ultimo] = await tx
    .select({ pedido: kdsItem.kdsPedidoId, prontoEm: kdsItem.prontoEm })
    .from(kdsItem)
    .where(and(eq(kdsItem.grupoEmpresarialId, grupo), eq(kdsItem.empresaId, empresa), eq(kdsItem.prontoEstacao, q._id), eq(kdsItem.estado, 'pronto'), isNotNull(kdsItem.prontoEm)))
    .orderBy(desc(kdsItem.prontoEm))
    .limit(1);
  if (!ultimo) throw new HttpError(409, 'Nenhum pedido concluído nesta estação para voltar.');
  const voltaram = await tx
    .update(kdsItem)
    .set({ estado: 'em_preparo', prontoEm: null, prontoEstacao: null })
    .where(
      and(
        eq(kdsItem.grupoEmpresarialId, grupo),
        eq(kdsItem.kdsPedidoId, ultimo.pedido),
        eq(kdsItem.prontoEstacao, q._id),
        eq(kdsItem.estado, 'pronto'),
        eq(kdsItem.prontoEm, ultimo.prontoEm!),
      ),
    )
    .returning({ id: kdsItem.id, setor: kdsItem.setorId });
  const evento = await anunciar(tx, {
    grupoEmpresarial: grupo,
    empresa,
    tipo: 'recuperado',
    pedido: ultimo.pedido,
    setores: [...new Set(voltaram.map((m) => m.setor!))],
    dados: { itens: voltaram.map((m) => m.id), estacao: q._id },
  });
  return { pedido: ultimo.pedido, itens: voltaram.map((m) => m.id), evento: evento.id };
}
