import { findRecurso } from '@retaguarda/domain';
import { findById } from '../repository.ts';
import { ValidacaoError } from '../validacao.ts';
import type { ResourceHooks } from './types.ts';

/** The tipoProduto a combo's own product must have: the till sells it as the combo, not as an item. */
const TIPO_COMBO = 'combo';

export const produtoCombo: ResourceHooks = {
  async beforeSave(dados, { tx, sessao, def }) {
    if (!dados.produto) return;
    // The reference itself was checked by the pipeline; here, what kind of product it is.
    const produto = await findById(tx, findRecurso('produtoGeral')!, sessao, String(dados.produto));
    if (produto && produto.dados.tipoProduto !== TIPO_COMBO) {
      throw new ValidacaoError(def, {
        produto: `O produto ${String(produto.dados.codigo)} - ${String(produto.dados.descricao)} é do tipo ${String(produto.dados.tipoProduto)}; o produto do combo precisa ser do tipo combo.`,
      });
    }
  },
};
