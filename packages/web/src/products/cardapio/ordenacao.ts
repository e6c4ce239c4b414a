/**
 * Reordering of the menu builder, shared by drag-and-drop and the keyboard buttons: pure functions
 * that return new arrays, so React sees the change and an undo is just the previous state.
 */
export interface SecaoRascunho {
  /** Client-only key that survives reordering (React key, drag data); never sent. */
  chave: string;
  nome: string;
  descricao: string;
  produtos: string[];
}

/** The list with the item at `de` moved to position `para` (clamped to the list). */
export function mover<T>(lista: readonly T[], de: number, para: number): T[] {
  if (de < 0 || de >= lista.length) return [...lista];
  const destino = Math.max(0, Math.min(lista.length - 1, para));
  const copia = [...lista];
  const [item] = copia.splice(de, 1);
  copia.splice(destino, 0, item!);
  return copia;
}

export interface PosicaoProduto {
  secao: number;
  indice: number;
}

/**
 * A product moved within its section or into another one; `destino.indice` is the position it takes
 * in the target section (its length: at the end). A product already in the target section is not
 * duplicated: the move is refused and the sections come back unchanged.
 */
export function moverProduto(secoes: readonly SecaoRascunho[], origem: PosicaoProduto, destino: PosicaoProduto): SecaoRascunho[] {
  const de = secoes[origem.secao];
  const para = secoes[destino.secao];
  const produto = de?.produtos[origem.indice];
  if (!de || !para || produto === undefined) return [...secoes];
  if (origem.secao === destino.secao) {
    return secoes.map((s, i) => (i === origem.secao ? { ...s, produtos: mover(s.produtos, origem.indice, destino.indice) } : s));
  }
  if (para.produtos.includes(produto)) return [...secoes];
  return secoes.map((s, i) => {
    if (i === origem.secao) return { ...s, produtos: s.produtos.filter((_, j) => j !== origem.indice) };
    if (i === destino.secao) {
      const produtos = [...s.produtos];
      produtos.splice(Math.max(0, Math.min(produtos.length, destino.indice)), 0, produto);
      return { ...s, produtos };
    }
    return s;
  });
}

/** What the API takes: sections without their client keys. */
export const secoesParaSalvar = (secoes: readonly SecaoRascunho[]) => secoes.map(({ nome, descricao, produtos }) => ({ nome, descricao, produtos }));

let sequencia = 0;
export const novaChave = () => `s${++sequencia}`;

export const comChaves = (secoes: readonly { nome: string; descricao?: string; produtos?: string[] }[]): SecaoRascunho[] =>
  secoes.map((s) => ({ chave: novaChave(), nome: s.nome, descricao: s.descricao ?? '', produtos: [...(s.produtos ?? [])] }));
