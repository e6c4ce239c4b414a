import { reais, SEM_GTIN, type OrigemCustoInventario } from '@retaguarda/domain';
import { formatDecimalExato } from '../resources/format.ts';

/**
 * The logic of the counting screen (estoqueInventario), apart from React: the counts typed and
 * not yet saved, the lines to send, the server's errors put back on their lines, and the lookup of a
 * scanned code. Quantities stay text ('9.5000', '9,5'); compared as scaled BigInt, never floats.
 */

export type StatusInventario = 'aberto' | 'aprovado' | 'cancelado';

/** A row of POST /api/estoqueInventario/lista. */
export interface InventarioListado {
  _id: string;
  numero: number;
  descricao: string;
  status: StatusInventario;
  congeladoEm: string;
  aprovadoEm: string | null;
  criadoPor: string | null;
  linhas: number;
  contadas: number;
  /** Centavos. */
  diferenca: number;
}

/** A line of a count: one product in one location. */
export interface ItemInventario {
  local: string;
  localDescricao: string | null;
  produto: string;
  codigo: string | null;
  descricao: string | null;
  gtin: string | null;
  unidade: string | null;
  congelado: string;
  /** Centavos per unit, 4 places: the cost that values the line (see custoOrigem). */
  custoMedio: string;
  /** Which cost: the average, or for a line added with no average the last entry cost, the registered cost, or none. */
  custoOrigem: OrigemCustoInventario;
  /** A line added after the freeze (a product found on the shelf): when and by whom; null when frozen. */
  incluidoEm: string | null;
  incluidoPor: string | null;
  contado: string | null;
  diferenca: string | null;
  /** Centavos. */
  valor: number | null;
  contadoPor: string | null;
}

/** GET /api/estoqueInventario/:id (and the answer of every change). */
export interface DetalheInventario {
  _id: string;
  numero: number;
  descricao: string;
  status: StatusInventario;
  congeladoEm: string;
  aprovadoEm: string | null;
  observacao: string | null;
  version: number;
  /** Every location the count covers, one with nothing frozen included. */
  locais: { _id: string; descricao: string | null }[];
  totais: { linhas: number; contadas: number; sobras: number; faltas: number; diferenca: number };
  itens: ItemInventario[];
}

export interface LinhaContagem {
  local: string;
  produto: string;
  /** As typed ('9,5'); null clears the count. */
  contado: string | null;
}

/** The counts typed and not saved yet, by line key; '' is a count erased. */
export type Rascunho = Readonly<Record<string, string>>;

export const chaveLinha = (l: { local: string; produto: string }) => `${l.local}|${l.produto}`;

/**
 * A quantity typed the Brazilian way ('9,5', '1.234,5', '9.5', '0') as a scaled integer (4 places),
 * or null when it is not a number ≥ 0 with at most 4 places. Zero is a count: the shelf was empty.
 */
export function contadoEscalado(texto: string): bigint | null {
  const limpo = texto.trim();
  if (!limpo) return null;
  const normal = limpo.includes(',') ? limpo.replace(/\./g, '').replace(',', '.') : limpo;
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(normal);
  if (!m) return null;
  return BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
}

/** The server's canonical quantity ('9.5000', '-0.5000') scaled to 4 places. */
function escalado(canonico: string): bigint {
  const negativo = canonico.startsWith('-');
  const [inteira = '0', fracao = ''] = canonico.replace('-', '').split('.');
  const v = BigInt(inteira || '0') * 10_000n + BigInt(fracao.slice(0, 4).padEnd(4, '0'));
  return negativo ? -v : v;
}

/** What an input shows for the server's count: '9.5000' → '9,5', null → ''. No thousands dots (it is edited). */
export const textoDoContado = (contado: string | null) => (contado === null ? '' : formatDecimalExato(contado, 0, false));

/** A typed count tidied when the input is left ('09,50' → '9,5'), or as typed while it is not a number. */
export function contadoExibido(texto: string): string {
  const v = contadoEscalado(texto);
  if (v === null) return texto;
  const inteira = v / 10_000n;
  const fracao = String(v % 10_000n).padStart(4, '0').replace(/0+$/, '');
  return fracao ? `${inteira},${fracao}` : String(inteira);
}

/**
 * The lines to send: each typed count that differs from the server's (a number compared by value, so
 * '9,50' over '9.5000' is no change; an erased count over a saved one is a null; text that is not a
 * number goes as typed, for the server to name). Lines nobody touched are never sent, so two people
 * counting different locations never overwrite each other.
 */
export function linhasAlteradas(itens: readonly ItemInventario[], rascunho: Rascunho): LinhaContagem[] {
  const porChave = new Map(itens.map((i) => [chaveLinha(i), i]));
  const alteradas: LinhaContagem[] = [];
  for (const [chave, texto] of Object.entries(rascunho)) {
    const item = porChave.get(chave);
    if (!item) continue;
    const limpo = texto.trim();
    const base = { local: item.local, produto: item.produto };
    if (!limpo) {
      if (item.contado !== null) alteradas.push({ ...base, contado: null });
      continue;
    }
    const v = contadoEscalado(limpo);
    if (v !== null && item.contado !== null && v === escalado(item.contado)) continue;
    alteradas.push({ ...base, contado: limpo });
  }
  return alteradas;
}

/**
 * The server's 400 names each wrong line by its place in what was sent ('itens.3.contado'): every
 * message put back on its line's key, several of one line joined. Fields that name no sent line come
 * back apart (`gerais`).
 */
export function errosPorLinha(campos: Readonly<Record<string, string>> | undefined, enviadas: readonly LinhaContagem[]): { linhas: Record<string, string>; gerais: string[] } {
  const linhas: Record<string, string> = {};
  const gerais: string[] = [];
  for (const [caminho, mensagem] of Object.entries(campos ?? {})) {
    const m = /^itens\.(\d+)(?:\.\w+)?$/.exec(caminho);
    const linha = m ? enviadas[Number(m[1])] : undefined;
    if (!linha) {
      gerais.push(mensagem);
      continue;
    }
    const chave = chaveLinha(linha);
    linhas[chave] = linhas[chave] ? `${linhas[chave]} ${mensagem}` : mensagem;
  }
  return { linhas, gerais };
}

/** The product's GTIN when it has one (SEM_GTIN, the NF-e's word for none, is none). */
export const gtinDe = (item: Pick<ItemInventario, 'gtin'>) => (item.gtin && item.gtin.trim() !== SEM_GTIN ? item.gtin : null);

/** A code as compared: trimmed, case-insensitive, leading zeros of an all-digit code dropped (a GTIN-13 read as GTIN-14). */
function normalizarCodigo(codigo: string | null | undefined): string {
  const limpo = (codigo ?? '').trim().toUpperCase();
  return /^\d+$/.test(limpo) ? limpo.replace(/^0+(?=\d)/, '') : limpo;
}

/**
 * The line of a scanned GTIN or a typed product code: in the chosen location when there is one,
 * otherwise the first location that has the product. A GTIN match wins over a product code.
 */
export function acharLinhaPorCodigo(itens: readonly ItemInventario[], codigo: string, local?: string | null): ItemInventario | null {
  const alvo = normalizarCodigo(codigo);
  if (!alvo) return null;
  const candidatos = local ? itens.filter((i) => i.local === local) : itens;
  return candidatos.find((i) => gtinDe(i) && normalizarCodigo(i.gtin) === alvo) ?? candidatos.find((i) => i.codigo && normalizarCodigo(i.codigo) === alvo) ?? null;
}

/** Lines whose product, code or GTIN contains the search (accents and case ignored). */
export function filtrarItens(itens: readonly ItemInventario[], filtro: { local?: string | null; busca?: string; soPendentes?: boolean }): ItemInventario[] {
  const semAcento = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const busca = semAcento((filtro.busca ?? '').trim());
  return itens.filter(
    (i) =>
      (!filtro.local || i.local === filtro.local) &&
      (!filtro.soPendentes || i.contado === null) &&
      (!busca || [i.descricao, i.codigo, gtinDe(i)].some((c) => c && semAcento(c).includes(busca))),
  );
}

/** Lines grouped by location, in the server's order. */
export function agruparPorLocal(itens: readonly ItemInventario[]): { local: string; descricao: string; itens: ItemInventario[] }[] {
  const grupos = new Map<string, { local: string; descricao: string; itens: ItemInventario[] }>();
  for (const i of itens) {
    let g = grupos.get(i.local);
    if (!g) grupos.set(i.local, (g = { local: i.local, descricao: i.localDescricao ?? i.local, itens: [] }));
    g.itens.push(i);
  }
  return [...grupos.values()];
}

/** What approving posts: the counted lines with a difference, and the lines left uncounted. */
export function resumoAprovacao(itens: readonly ItemInventario[]): { comDiferenca: number; naoContadas: number } {
  let comDiferenca = 0;
  let naoContadas = 0;
  for (const i of itens) {
    if (i.contado === null) naoContadas++;
    else if (i.diferenca !== null && escalado(i.diferenca) !== 0n) comDiferenca++;
  }
  return { comDiferenca, naoContadas };
}

/**
 * The drafts left after a save: a sent line whose text was not changed while saving is gone (the
 * server's answer shows it now), and so is any draft that now equals the server's count.
 */
export function rascunhoDepoisDeSalvar(rascunho: Rascunho, enviadas: readonly LinhaContagem[], itens: readonly ItemInventario[]): Record<string, string> {
  const enviado = new Map(enviadas.map((l) => [chaveLinha(l), l.contado ?? '']));
  const aindaAlteradas = new Set(linhasAlteradas(itens, rascunho).map(chaveLinha));
  return Object.fromEntries(Object.entries(rascunho).filter(([chave, texto]) => aindaAlteradas.has(chave) && enviado.get(chave) !== texto.trim()));
}

/** The badge colour of each status. */
export const corStatus: Record<StatusInventario, string> = { aberto: 'blue', aprovado: 'green', cancelado: 'gray' };

/** Red for a shortage, green for a surplus. */
export const corValor = (centavos: number | null | undefined) => (!centavos ? undefined : centavos < 0 ? 'red' : 'green');

/** A signed amount: '+R$ 22,50', '-R$ 22,50', 'R$ 0,00'. */
export const reaisComSinal = (centavos: number) => (centavos > 0 ? `+${reais(centavos)}` : reais(centavos));


/** The body of POST /api/estoqueInventario/:id/itens: a product not frozen, by id or by code/barcode, with its count if typed. */
export interface InclusaoInventario {
  local: string;
  produto?: string;
  codigo?: string;
  contado?: string;
}
