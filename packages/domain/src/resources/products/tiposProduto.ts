/**
 * What a product is (SPEC.md §3 and PRODUCT.md; the spelling is the specification's): 'Taxa Entrega'
 * and 'Gorjeta' are the special products the store terminal finds among the products by this field.
 */
export const tiposProduto = ['normal', 'insumo', 'produzido', 'combo', 'Taxa Entrega', 'Gorjeta', 'serviço', 'pesável'] as const;
export type TipoProduto = (typeof tiposProduto)[number];

export const TIPO_TAXA_ENTREGA: TipoProduto = 'Taxa Entrega';
export const TIPO_GORJETA: TipoProduto = 'Gorjeta';

export const rotulosTipoProduto: Readonly<Record<TipoProduto, string>> = {
  normal: 'Normal (revenda ou preparo simples)',
  insumo: 'Insumo (ingrediente, não vendido)',
  produzido: 'Produzido (ficha técnica)',
  combo: 'Combo',
  'Taxa Entrega': 'Taxa Entrega (taxa de entrega do delivery)',
  Gorjeta: 'Gorjeta (taxa de serviço)',
  serviço: 'Serviço',
  pesável: 'Pesável (vendido por peso)',
};
