import { findRecurso } from '@retaguarda/domain';
import { useEffect } from 'react';
import { useUrlParams } from '../app/useUrlParams.ts';
import { Tela } from '../resources/ResourceScreen.tsx';
import type { ResourceFormController } from '../resources/useResourceForm.ts';
import { CustoFichaSecao } from './CustoFichaSecao.tsx';
import { PainelPendenciasEstoque } from './pendencias/PainelPendenciasEstoque.tsx';

const estoqueFichaTecnica = findRecurso('estoqueFichaTecnica')!;

/** The cost section of a sheet's form: only for the saved sheet being edited (a copy is a new, unsaved one). */
function Custo({ form }: { form: ResourceFormController }) {
  const [params, setParams] = useUrlParams();
  const editando = params.get('editar');
  // A new sheet opened from a stock pendência (?novo=1&paraProduto=<id>) starts with that product.
  const paraProduto = params.get('paraProduto');
  const { setValor } = form;
  useEffect(() => {
    if (!paraProduto || editando || params.get('novo') !== '1') return;
    setValor('produto', paraProduto);
    setParams(
      (p) => {
        const proximo = new URLSearchParams(p);
        proximo.delete('paraProduto');
        return proximo;
      },
      { replace: true },
    );
  }, [paraProduto, editando, params, setValor, setParams, form.abertura]);
  const id = editando && form.registro?._id === editando ? editando : undefined;
  return <CustoFichaSecao fichaId={id} versao={form.registro?.version} alterada={form.dirty} />;
}

/** The generic list and form of recipe sheets, plus the sheet's cost, price and margin in the active company, and the stock pendências over the list. */
export default function FichaTecnicaPage() {
  return <Tela recurso={estoqueFichaTecnica} extra={(form) => <Custo form={form} />} avisoLista={() => <PainelPendenciasEstoque />} />;
}
