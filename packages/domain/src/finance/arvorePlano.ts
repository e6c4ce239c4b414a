import { compararPtNumerico } from '../shared/texto.ts';

/** A node of the chart of accounts as the tree needs it. */
export interface NoPlano {
  _id: string;
  codigo: string;
  nome: string;
  pai: string | null;
}

const rotulo = (n: NoPlano) => `${n.codigo} ${n.nome}`;

/**
 * The path that would close a loop if `no` were put under `novoPai` ('4 Pessoal → 4.01 Salários →
 * 4 Pessoal'), or null when the move keeps a tree. `nos` is the group's chart as it is now.
 */
export function cicloNoPlano(nos: ReadonlyMap<string, NoPlano>, no: NoPlano, novoPai: string | null): string | null {
  const caminho: NoPlano[] = [no];
  const vistos = new Set<string>([no._id]);
  for (let atual = novoPai; atual !== null; ) {
    const n = atual === no._id ? no : nos.get(atual);
    if (!n) return null;
    caminho.push(n);
    if (atual === no._id) return caminho.reverse().map(rotulo).join(' → ');
    if (vistos.has(atual)) return null; // an older loop not through this node: not this change's fault
    vistos.add(atual);
    atual = n.pai;
  }
  return null;
}

/** The chart in tree order (each node after its parent, siblings by code), with each node's depth. */
export function arvoreDoPlano<N extends NoPlano>(nos: readonly N[]): { no: N; nivel: number }[] {
  const filhos = new Map<string | null, N[]>();
  const ids = new Set(nos.map((n) => n._id));
  for (const n of nos) {
    const pai = n.pai !== null && ids.has(n.pai) ? n.pai : null;
    filhos.set(pai, [...(filhos.get(pai) ?? []), n]);
  }
  // One collator for every call (String.localeCompare with a locale builds one per comparison: 10× slower).
  const porCodigo = (a: N, b: N) => compararPtNumerico(a.codigo, b.codigo);
  const saida: { no: N; nivel: number }[] = [];
  const visitar = (pai: string | null, nivel: number) => {
    for (const n of (filhos.get(pai) ?? []).sort(porCodigo)) {
      saida.push({ no: n, nivel });
      visitar(n._id, nivel + 1);
    }
  };
  visitar(null, 0);
  return saida;
}
