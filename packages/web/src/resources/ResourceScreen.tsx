import { recursoDaTela, type RecursoDef } from '@retaguarda/domain';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { isRouteHandle } from '../app/routeName.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { ResourceList } from './ResourceList.tsx';
import { useResourceList, type ResourceListController } from './useResourceList.ts';

/** The list and form of one resource; `acoes` adds buttons of that resource next to Novo. */
export function Tela({ recurso, acoes }: { recurso: RecursoDef; acoes?: (lista: ResourceListController) => ReactNode }) {
  const lista = useResourceList(recurso);
  return (
    <>
      <ResourceList recurso={recurso} lista={lista} acoes={acoes?.(lista)} />
      <ResourceForm recurso={recurso} formulario={lista.state.formulario} onClose={lista.fecharFormulario} />
    </>
  );
}

/** The generic screen of every plain resource: which one comes from the route's screen name. */
export default function ResourceScreen() {
  const matches = useMatches();
  const name = [...matches].reverse().map((m) => m.handle).find(isRouteHandle)?.name ?? '';
  const recurso = recursoDaTela(name);
  if (!recurso) throw new Error(`A tela ${name} não tem recurso declarado.`);
  return <Tela key={recurso.nome} recurso={recurso} />;
}
