import { useSessao } from '../../session/queries.ts';

/** The stores the user may use, as a filter's options (value: id, label: trade name). */
export function useLojasFiltro() {
  const sessao = useSessao();
  return { lojas: (sessao.data?.empresas ?? []).map((e) => ({ value: e._id, label: e.nomeFantasia })), carregando: sessao.isPending };
}

/** The names of the chosen options, or what nothing chosen means. */
export const nomesEscolhidos = (opcoes: readonly { value: string; label: string }[], ids: readonly string[], todos: string) =>
  ids.length ? ids.map((id) => opcoes.find((o) => o.value === id)?.label ?? id).join(', ') : todos;
