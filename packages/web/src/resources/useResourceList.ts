import { notifications } from '@mantine/notifications';
import type { RecursoDef } from '@retaguarda/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeral } from '../session/store.ts';
import { resourceApi, resourceKeys, alimentaSessao } from './api.ts';
import type { Registro } from './exportar.ts';
import { rotuloDeRegistro } from './format.ts';
import { parseListState, toGetPopulate, writeListState, type ListState } from './listState.ts';
import { useUrlParams } from '../app/useUrlParams.ts';

/** What a record is called in messages: its description, or its first column. */
export function nomeDoRegistro(recurso: RecursoDef, registro: Registro): string {
  const primeira = recurso.colunas[0] as string | undefined;
  const valor = registro.descricao ?? registro.nome ?? (primeira ? registro[primeira] : undefined);
  return rotuloDeRegistro(valor) || registro._id;
}

/** How many rows a long page shows first, before the rest arrive. */
export const PRIMEIRA_PARTE = 100;

/**
 * Controller of a list screen: the state in the URL, the page query, and the trash / restore
 * mutations. Views only render what it returns.
 */
export function useResourceList(recurso: RecursoDef) {
  const { t } = useTranslation();
  const [params, setParams] = useUrlParams();
  const empresaId = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const state = useMemo(() => parseListState(params, recurso), [params, recurso]);
  const body = useMemo(() => toGetPopulate(state, recurso), [state, recurso]);
  const apiRecurso = useMemo(() => resourceApi(recurso.nome), [recurso.nome]);

  const update = useCallback(
    (patch: Partial<ListState>, options: { replace?: boolean } = {}) => {
      setParams((atual) => writeListState({ ...parseListState(atual, recurso), ...patch }, recurso, atual), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setParams, recurso],
  );

  // A long page (1,000 rows or all of them) asks for its first rows alone, shows them, then asks for the page: the
  // embedded database runs one statement at a time, so the long read would hold the first rows behind it.
  const longa = body.limit >= 1000;
  const corpoDoInicio = useMemo(() => ({ ...body, limit: PRIMEIRA_PARTE }), [body]);
  const chave = resourceKeys.list(recurso.nome, empresaId, body);
  // A page already in the cache shows at once: no first part to ask for.
  const jaTemPagina = queryClient.getQueryData(chave) !== undefined;
  const inicio = useQuery({
    queryKey: resourceKeys.list(recurso.nome, empresaId, corpoDoInicio),
    queryFn: ({ signal }) => apiRecurso.list(corpoDoInicio, signal),
    enabled: longa && !jaTemPagina,
  });
  const query = useQuery({
    queryKey: chave,
    queryFn: ({ signal }) => apiRecurso.list(body, signal),
    placeholderData: keepPreviousData,
    enabled: !longa || jaTemPagina || inicio.isFetched,
  });
  const parcial = longa && (query.data === undefined || query.isPlaceholderData) && inicio.data !== undefined;
  const pagina = parcial ? inicio.data : query.data;

  const invalidate = () => {
    if (alimentaSessao(recurso.nome)) void queryClient.invalidateQueries({ queryKey: ['sessao'] });
    return queryClient.invalidateQueries({ queryKey: resourceKeys.all(recurso.nome, empresaId) });
  };

  const trash = useMutation({
    mutationFn: (registro: Registro) => apiRecurso.trash(registro._id),
    onSuccess: (_data, registro) => {
      notifications.show({ color: 'green', message: t('recurso.enviadoLixeira', { nome: nomeDoRegistro(recurso, registro) }) });
      return invalidate();
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });

  const restore = useMutation({
    mutationFn: (registro: Registro) => apiRecurso.restore(registro._id),
    onSuccess: (_data, registro) => {
      notifications.show({ color: 'green', message: t('recurso.restaurado', { nome: nomeDoRegistro(recurso, registro) }) });
      return invalidate();
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });

  const filtrando = Boolean(state.busca) || Object.keys(state.filtros).length > 0;
  const total = pagina?.total ?? 0;

  return {
    state,
    query,
    registros: pagina?.registros ?? [],
    /** Only the page's first rows have arrived (a long page): the rest are on their way; nothing to export yet. */
    parcial,
    total,
    paginas: Math.max(1, Math.ceil(total / body.limit)),
    filtrando,
    trash,
    restore,
    setBusca: (busca: string) => update({ busca, pagina: 1 }, { replace: true }),
    setFiltro: (campo: string, valor: string | null) => {
      const filtros = { ...state.filtros };
      if (valor) filtros[campo] = valor;
      else delete filtros[campo];
      update({ filtros, pagina: 1 });
    },
    limparFiltros: () => update({ busca: '', filtros: {}, pagina: 1 }),
    ordenarPor: (campo: string) =>
      update({
        ordem: { campo, direcao: state.ordem.campo === campo && state.ordem.direcao === 'asc' ? 'desc' : 'asc' },
        pagina: 1,
      }),
    setPagina: (pagina: number) => {
      update({ pagina });
      window.scrollTo(0, 0);
    },
    setPor: (por: number) => {
      update({ por, pagina: 1 });
      window.scrollTo(0, 0);
    },
    setLixo: (lixo: boolean) => update({ lixo, pagina: 1 }),
    novo: () => update({ formulario: { modo: 'novo' } }),
    editar: (id: string) => update({ formulario: { modo: 'editar', id } }),
    duplicar: (id: string) => update({ formulario: { modo: 'novo', duplicar: id } }),
    fecharFormulario: () => update({ formulario: null }, { replace: true }),
  };
}

export type ResourceListController = ReturnType<typeof useResourceList>;
