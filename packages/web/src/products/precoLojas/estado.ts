import { modosVenda, type LojaDoProduto } from '@retaguarda/domain';
import { parseCentavos } from '../../resources/format.ts';

export type ModoLojas = 'nao' | 'todas' | 'escolher';
export interface ImpostosLoja {
  configuracaoImposto: string | null;
  impostoFederal: string | null;
}
/** What the section holds while the user types (the price as typed text). */
export interface EstadoLojas {
  modo: ModoLojas;
  escolhidas: string[];
  preco: string;
  modosVenda: string[];
  impostos: Record<string, ImpostosLoja>;
}

/** A fresh section: nothing to write; each store's taxes as it has them for this product. */
export function estadoInicial(lojas: LojaDoProduto[]): EstadoLojas {
  return {
    modo: 'nao',
    escolhidas: [],
    preco: '',
    modosVenda: [...modosVenda],
    impostos: Object.fromEntries(
      lojas.map((l) => [l._id, { configuracaoImposto: l.produtoEmpresa?.configuracaoImposto ?? null, impostoFederal: l.produtoEmpresa?.impostoFederal ?? null }]),
    ),
  };
}

/** The stores the section writes to. */
export const lojasAlvo = (estado: EstadoLojas, lojas: LojaDoProduto[]) =>
  estado.modo === 'todas' ? lojas : estado.modo === 'escolher' ? lojas.filter((l) => estado.escolhidas.includes(l._id)) : [];

/**
 * The `lojas` part of the product's save, or undefined (nothing to write). A price that is not an
 * amount goes as null, so the server names the field ("Preço nas lojas: Informe o preço nas lojas.").
 */
export function paraEnvio(estado: EstadoLojas, lojas: LojaDoProduto[]) {
  if (estado.modo === 'nao') return undefined;
  const preco = parseCentavos(estado.preco);
  return {
    empresas: estado.modo === 'todas' ? ('todas' as const) : estado.escolhidas,
    preco: typeof preco === 'number' ? preco : null,
    modosVenda: estado.modosVenda,
    impostos: Object.fromEntries(lojasAlvo(estado, lojas).map((l) => [l._id, estado.impostos[l._id] ?? { configuracaoImposto: null, impostoFederal: null }])),
  };
}
