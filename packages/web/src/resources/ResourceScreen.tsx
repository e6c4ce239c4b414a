import { recursoDaTela, type RecursoDef } from '@retaguarda/domain';
import type { ComponentProps, ReactNode } from 'react';
import { useMatches } from 'react-router';
import { isRouteHandle } from '../app/routeName.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { ResourceList } from './ResourceList.tsx';
import { RegistroUnicoScreen } from './RegistroUnicoScreen.tsx';
import { useResourceList, type ResourceListController } from './useResourceList.ts';

/**
 * The list and form of one resource; `acoes` adds buttons of that resource next to Novo, `extra` an
 * entity's own part to the form (see registration/).
 */
export function Tela({
  recurso,
  acoes,
  extra,
}: {
  recurso: RecursoDef;
  acoes?: (lista: ResourceListController) => ReactNode;
  extra?: ComponentProps<typeof ResourceForm>['extra'];
}) {
  const lista = useResourceList(recurso);
  return (
    <>
      <ResourceList recurso={recurso} lista={lista} acoes={acoes?.(lista)} />
      <ResourceForm recurso={recurso} formulario={lista.state.formulario} onClose={lista.fecharFormulario} extra={extra} />
    </>
  );
}

/** The generic screen of every plain resource: which one comes from the route's screen name. */
export default function ResourceScreen() {
  const matches = useMatches();
  const name = [...matches].reverse().map((m) => m.handle).find(isRouteHandle)?.name ?? '';
  const recurso = recursoDaTela(name);
  if (!recurso) throw new Error(`A tela ${name} não tem recurso declarado.`);
  if (recurso.registroUnico) return <RegistroUnicoScreen key={recurso.nome} recurso={recurso} />;
  return <Tela key={recurso.nome} recurso={recurso} />;
}
