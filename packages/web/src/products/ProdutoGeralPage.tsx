import { findRecurso } from '@retaguarda/domain';
import { Tela } from '../resources/ResourceScreen.tsx';
import { OndeVendeDoProduto, PrecoLojasSecao } from './precoLojas/PrecoLojasSecao.tsx';

const produtoGeral = findRecurso('produtoGeral')!;

/** The generic list and form of products, plus the price in the stores in the same save and, on top of an existing product, where it is sold (issue 13). */
export default function ProdutoGeralPage() {
  return <Tela recurso={produtoGeral} extra={(form) => <PrecoLojasSecao form={form} />} avisoFormulario={(form) => <OndeVendeDoProduto form={form} />} />;
}
