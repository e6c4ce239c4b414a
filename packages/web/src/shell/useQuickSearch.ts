import { useDebouncedValue } from '@mantine/hooks';
import { findScreen, type Screen } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../api/client.ts';
import { useGeral } from '../session/store.ts';
import { filterMenu } from './menuSearch.ts';

export interface AchadoRegistro {
  recurso: string;
  tela: string;
  _id: string;
  titulo: string;
  detalhe: string | null;
}

export type ItemBusca =
  | { tipo: 'tela'; chave: string; tela: Screen; destino: string }
  | { tipo: 'registro'; chave: string; registro: AchadoRegistro; telaLabel: string; destino: string };

const MAX_TELAS = 8;
/** Below this the server answers 400: too many records would match. */
export const MIN_BUSCA_REGISTROS = 2;

export const buscaKeys = {
  registros: (empresaId: string | undefined, busca: string) => ['busca', empresaId ?? 'nenhuma', busca] as const,
};

/** Controller of the quick search (Ctrl+K): screens by name at once, records from the server after a pause. */
export function useQuickSearch(telasPermitidas?: readonly Screen[]) {
  const [busca, setBusca] = useState('');
  const [selecionado, setSelecionado] = useState(0);
  const empresaId = useGeral((s) => s.empresa?._id);
  const [adiada] = useDebouncedValue(busca.trim(), 250);

  const telas = useMemo(
    () => (busca.trim() ? filterMenu(busca, telasPermitidas).flatMap((g) => g.screens).slice(0, MAX_TELAS) : []),
    [busca, telasPermitidas],
  );
  const registros = useQuery({
    queryKey: buscaKeys.registros(empresaId, adiada),
    queryFn: ({ signal }) => api.post<AchadoRegistro[]>('busca', { busca: adiada }, { signal }),
    enabled: adiada.length >= MIN_BUSCA_REGISTROS,
    staleTime: 10_000,
  });

  const itens = useMemo<ItemBusca[]>(() => {
    const deTelas: ItemBusca[] = telas.map((tela) => ({ tipo: 'tela', chave: `tela:${tela.name}`, tela, destino: `/${tela.name}` }));
    const deRegistros: ItemBusca[] = (adiada.length >= MIN_BUSCA_REGISTROS ? (registros.data ?? []) : []).map((registro) => ({
      tipo: 'registro',
      chave: `registro:${registro.recurso}:${registro._id}`,
      registro,
      telaLabel: findScreen(registro.tela)?.label ?? registro.tela,
      destino: `/${registro.tela}?editar=${encodeURIComponent(registro._id)}`,
    }));
    return [...deTelas, ...deRegistros];
  }, [telas, registros.data, adiada]);

  const mover = (passo: number) => setSelecionado((atual) => (itens.length ? (atual + passo + itens.length) % itens.length : 0));

  return {
    busca,
    setBusca(texto: string) {
      setBusca(texto);
      setSelecionado(0);
    },
    itens,
    selecionado: Math.min(selecionado, Math.max(0, itens.length - 1)),
    setSelecionado,
    mover,
    carregando: registros.isFetching,
    erro: registros.isError,
    aguardandoServidor: busca.trim() !== adiada,
  };
}
