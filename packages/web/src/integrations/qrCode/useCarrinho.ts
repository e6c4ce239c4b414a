import type { ItemVitrine, SecaoVitrine } from '@retaguarda/domain';
import { useMemo, useState } from 'react';
import { adicionar, mudarQuantidade, novoId, pedidoDo, totais, type LinhaCarrinho } from './carrinhoQr.ts';

/**
 * A customer page's cart (the table's /q and the store's delivery /d): its lines, the item being chosen, the
 * totals by the menu's prices, and the order's id. The id is kept while the same cart is sent again (a lost
 * connection: the server keeps the order once); any change to the cart, or a refusal, makes the next send a new order.
 */
export function useCarrinho(secoes: readonly SecaoVitrine[] | undefined, taxaServico: string) {
  const [linhas, setLinhas] = useState<LinhaCarrinho[]>([]);
  const [escolhendo, escolher] = useState<ItemVitrine | null>(null);
  const [idPedido, setIdPedido] = useState<string | null>(null);
  const conta = useMemo(() => {
    try {
      return secoes ? totais(secoes, linhas, taxaServico) : null;
    } catch {
      // An item that ran out since it was added: the server names it when the order is sent.
      return null;
    }
  }, [secoes, linhas, taxaServico]);
  const mudar = (f: (l: LinhaCarrinho[]) => LinhaCarrinho[]) => {
    setLinhas(f);
    setIdPedido(null);
  };
  return {
    linhas,
    conta,
    unidades: linhas.reduce((s, l) => s + l.quantidade, 0),
    nomeDe: (produto: string) => secoes?.flatMap((s) => s.itens).find((i) => i.produto === produto)?.descricao ?? produto,
    escolhendo,
    escolher,
    adicionar(l: Omit<LinhaCarrinho, 'chave'>) {
      mudar((c) => adicionar(c, l));
      escolher(null);
    },
    mudarQuantidade: (chave: string, delta: number) => mudar((c) => mudarQuantidade(c, chave, delta)),
    /** The order to send: the same id as the last try unless the cart changed or was refused since. */
    pedido() {
      const id = idPedido ?? novoId();
      setIdPedido(id);
      return pedidoDo(id, linhas);
    },
    recusado: () => setIdPedido(null),
    esvaziar: () => mudar(() => []),
  };
}

export type Carrinho = ReturnType<typeof useCarrinho>;
