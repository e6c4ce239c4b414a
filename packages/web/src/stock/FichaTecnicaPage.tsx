import { findRecurso } from '@retaguarda/domain';
import { useUrlParams } from '../app/useUrlParams.ts';
import { Tela } from '../resources/ResourceScreen.tsx';
import type { ResourceFormController } from '../resources/useResourceForm.ts';
import { CustoFichaSecao } from './CustoFichaSecao.tsx';

const estoqueFichaTecnica = findRecurso('estoqueFichaTecnica')!;

/** The cost section of a sheet's form: only for the saved sheet being edited (a copy is a new, unsaved one). */
function Custo({ form }: { form: ResourceFormController }) {
  const [params] = useUrlParams();
  const editando = params.get('editar');
  const id = editando && form.registro?._id === editando ? editando : undefined;
  return <CustoFichaSecao fichaId={id} versao={form.registro?.version} alterada={form.dirty} />;
}

/** The generic list and form of recipe sheets, plus the sheet's cost, price and margin in the active company. */
export default function FichaTecnicaPage() {
  return <Tela recurso={estoqueFichaTecnica} extra={(form) => <Custo form={form} />} />;
}
