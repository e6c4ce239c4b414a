import { recursoDaTela, telaDoRecurso, type RecursoDef } from '@retaguarda/domain';
import type { ComponentProps, ReactNode } from 'react';
import { useMatches } from 'react-router';
import { isRouteHandle } from '../app/routeName.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { usePermissoes } from '../session/permissoes.ts';
import { ResourceList, type Permite } from './ResourceList.tsx';
import { RegistroUnicoScreen } from './RegistroUnicoScreen.tsx';
import { useResourceList, type ResourceListController } from './useResourceList.ts';

/** What the session's access profile allows on the resource's screen. */
export function usePermite(recurso: RecursoDef): Permite {
  const { pode } = usePermissoes();
  const tela = telaDoRecurso(recurso);
  return { criar: pode(tela, 'criar'), editar: pode(tela, 'editar'), lixeira: pode(tela, 'lixeira'), exportar: pode(tela, 'exportar') };
}

/**
 * The list and form of one resource; `acoes` adds buttons of that resource next to Novo (only with
 * Criar), `extra` an entity's own part to the form (see registration/; only when the form may be saved).
 */
export function Tela({
  recurso,
  acoes,
  extra,
  abaInicial,
  avisoLista,
  avisoFormulario,
}: {
  recurso: RecursoDef;
  acoes?: (lista: ResourceListController) => ReactNode;
  extra?: ComponentProps<typeof ResourceForm>['extra'];
  /** With declared tabs: the one the form opens on. */
  abaInicial?: string;
  /** An entity's own warnings on the list and on the form (see products/ProdutoPromocaoPage). */
  avisoLista?: (lista: ResourceListController) => ReactNode;
  avisoFormulario?: ComponentProps<typeof ResourceForm>['aviso'];
}) {
  const lista = useResourceList(recurso);
  const permite = usePermite(recurso);
  const formulario = lista.state.formulario;
  const podeSalvar = formulario?.modo === 'editar' ? permite.editar : permite.criar;
  return (
    <>
      <ResourceList recurso={recurso} lista={lista} acoes={permite.criar ? acoes?.(lista) : null} aviso={avisoLista?.(lista)} permite={permite} />
      <ResourceForm
        recurso={recurso}
        formulario={formulario}
        onClose={lista.fecharFormulario}
        extra={podeSalvar ? extra : undefined}
        aviso={avisoFormulario}
        podeSalvar={podeSalvar}
        abaInicial={abaInicial}
      />
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
