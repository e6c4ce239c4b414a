import { mensagens, produtosRemovidos } from '@retaguarda/domain';
import { chamar, ErroConfiguracao } from './chamada.ts';
import type { ContextoCarga } from './listas.ts';
import type { Registro } from './store.ts';

/** The lists can be long: the server's page limit, as the other configuration lists. */
const LIMITE = 20000;

export const LISTA_COMBOS = 'Produtos Combo';
export const LISTA_PROMOCOES = 'Produtos Promoção';

/** SPEC.md §7: produtoCombo/getPopulate, enabled, biggest discount first, each step with its products. */
export async function carregarProdutosCombo(ctx: ContextoCarga): Promise<Registro[]> {
  if (!ctx.empresa) throw new ErroConfiguracao(mensagens.falhaEmpresaIndefinida(LISTA_COMBOS));
  return chamar(
    'POST',
    'produtoCombo/getPopulate',
    { filtro: { empresa: ctx.empresa._id, habilitado: true, lixo: false }, sort: { desconto: -1 }, populate: 'agrupadores.produtos', limit: LIMITE },
    { lista: LISTA_COMBOS, signal: ctx.signal, fetch: ctx.fetch },
  );
}

/** SPEC.md §7: produtoPromocao/getPopulate, enabled, each listed product populated. */
export async function carregarProdutosPromocao(ctx: ContextoCarga): Promise<Registro[]> {
  if (!ctx.empresa) throw new ErroConfiguracao(mensagens.falhaEmpresaIndefinida(LISTA_PROMOCOES));
  return chamar(
    'POST',
    'produtoPromocao/getPopulate',
    { filtro: { empresa: ctx.empresa._id, habilitado: true, lixo: false }, populate: 'produtos.produto', limit: LIMITE },
    { lista: LISTA_PROMOCOES, signal: ctx.signal, fetch: ctx.fetch },
  );
}

/** SPEC.md §5: whether a loaded promotion lists a product that was deleted (null) or trashed. */
export function temProdutoRemovido(promocoes: readonly Registro[]): boolean {
  return promocoes.some((p) => produtosRemovidos(Array.isArray(p.produtos) ? (p.produtos as { produto?: unknown }[]) : []).length > 0);
}
