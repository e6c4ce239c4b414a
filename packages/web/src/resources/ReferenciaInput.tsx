import { MultiSelect, Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { findRecurso } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessaoApi } from '../session/api.ts';
import { useListaSoAberta } from '../app/useListaSoAberta.ts';
import { useGeral } from '../session/store.ts';
import { resourceApi, resourceKeys } from './api.ts';
import type { CampoInputProps } from './CampoInput.tsx';
import { rotuloDeRegistro } from './format.ts';
import { filtroSemAcento } from './LocalidadeInput.tsx';

/** Records a picker loads at once; a target with more (20,000 products) is searched on the server. */
export const LIMITE_OPCOES = 500;
const LIMITE_BUSCA = 50;

/**
 * Options of a reference field: the target resource's records not in the trash (matching `filtro`,
 * when the field has one), the first LIMITE_OPCOES in the declaration's order, or, given `busca`, the
 * ones the server's search finds (every word, accents ignored). 'empresa' without a catalogue
 * resource falls back to the companies of the session (decision 0006).
 */
export function useOpcoesReferencia(alvo: string | undefined, filtro?: Readonly<Record<string, unknown>>, busca?: string) {
  const empresaId = useGeral((s) => s.empresa?._id);
  const def = alvo ? findRecurso(alvo) : undefined;
  const daSessao = alvo === 'empresa' && !def;
  return useQuery({
    queryKey: [...resourceKeys.opcoes(alvo ?? '', empresaId), filtro ?? {}, busca ?? ''],
    enabled: (Boolean(def) || daSessao) && busca !== '',
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      if (daSessao) return (await sessaoApi.sessao(signal)).empresas.map((e) => ({ value: e._id, label: e.nomeFantasia }));
      const { registros } = await resourceApi(def!.nome).list(
        {
          filtro: { ...filtro, lixo: false, ...(busca ? { busca } : {}) },
          sort: { [def!.ordenacao.campo]: def!.ordenacao.direcao === 'desc' ? -1 : 1 },
          limit: busca ? LIMITE_BUSCA : LIMITE_OPCOES,
          skip: 0,
          // Only what names each record (and the columns), not whole records.
          colunas: true,
        },
        signal,
      );
      return registros.map((r) => ({ value: r._id, label: rotuloDeRegistro(r) }));
    },
  });
}

/**
 * The picker's options: the first page, plus what the server found for the typed text when the
 * target has more records than one page, plus the chosen ids (fetched by id when not among them).
 */
function useOpcoesComBusca(alvo: string | undefined, filtro: Readonly<Record<string, unknown>> | undefined, escolhidos: readonly string[]) {
  const { t } = useTranslation();
  const [busca, setBusca] = useState('');
  const [buscaAdiada] = useDebouncedValue(busca.trim(), 250);
  const primeiros = useOpcoesReferencia(alvo, filtro);
  const muitos = (primeiros.data?.length ?? 0) >= LIMITE_OPCOES;
  const achados = useOpcoesReferencia(alvo, filtro, muitos ? buscaAdiada : '');
  const def = alvo ? findRecurso(alvo) : undefined;
  const conhecidos = useMemo(() => new Set([...(primeiros.data ?? []), ...(achados.data ?? [])].map((o) => o.value)), [primeiros.data, achados.data]);
  const faltando = escolhidos.filter((id) => !conhecidos.has(id));
  const escolhidosFora = useQuery({
    queryKey: [...resourceKeys.opcoes(alvo ?? '', undefined), 'ids', faltando],
    enabled: Boolean(def) && !primeiros.isPending && faltando.length > 0,
    queryFn: async ({ signal }) =>
      Promise.all(
        faltando.map(async (id) => {
          try {
            const r = await resourceApi(def!.nome).get(id, signal);
            return { value: id, label: r.lixo ? t('recurso.opcaoIndisponivel') : rotuloDeRegistro(r) };
          } catch {
            return { value: id, label: t('recurso.opcaoIndisponivel') };
          }
        }),
      ),
  });
  const data = useMemo(() => {
    const todas = new Map<string, ComboboxItem>();
    for (const o of [...(primeiros.data ?? []), ...(achados.data ?? []), ...(escolhidosFora.data ?? [])]) todas.set(o.value, o);
    return [...todas.values()];
  }, [primeiros.data, achados.data, escolhidosFora.data]);
  return { data, pending: primeiros.isPending, buscando: muitos && achados.isFetching, busca, setBusca };
}

export function ReferenciaInput({ alvo, proprioId, ...props }: CampoInputProps & { label?: string | undefined; 'aria-label'?: string | undefined; description?: string | undefined }) {
  const { t } = useTranslation();
  const valor = typeof props.valor === 'string' && props.valor ? props.valor : null;
  const opcoes = useOpcoesComBusca(alvo, props.campo.filtro, valor ? [valor] : []);
  const data = useMemo(() => opcoes.data.filter((o) => o.value !== proprioId), [opcoes.data, proprioId]);
  const lista = useListaSoAberta();
  return (
    <Select
      label={props.label}
      aria-label={props['aria-label']}
      description={props.description}
      withAsterisk={Boolean(props.obrigatorio && props.label)}
      error={props.erro}
      data={data}
      value={valor}
      onChange={(v) => props.onChange(v ?? '')}
      searchable
      searchValue={opcoes.busca}
      onSearchChange={opcoes.setBusca}
      filter={filtroSemAcento}
      limit={LIMITE_OPCOES}
      clearable
      placeholder={opcoes.pending ? t('recurso.carregandoOpcoes') : t('recurso.selecione')}
      nothingFoundMessage={opcoes.buscando ? t('recurso.carregandoOpcoes') : t('recurso.nenhumaOpcao')}
      data-testid={`campo-${props.nome}`}
      {...lista}
    />
  );
}

/** Several records of the target resource (array of ids). */
export function ReferenciasInput({ alvo, ...props }: CampoInputProps & { label: string | undefined; description?: string | undefined }) {
  const { t } = useTranslation();
  const valor = idsDe(props.valor);
  const opcoes = useOpcoesComBusca(alvo, props.campo.filtro, valor);
  const lista = useListaSoAberta();
  return (
    <MultiSelect
      label={props.label}
      withAsterisk={Boolean(props.obrigatorio && props.label)}
      aria-label={props.label ? undefined : props.campo.rotulo}
      description={props.description}
      error={props.erro}
      data={opcoes.data}
      value={opcoes.pending ? [] : valor}
      onChange={props.onChange}
      searchable
      searchValue={opcoes.busca}
      onSearchChange={opcoes.setBusca}
      filter={filtroSemAcento}
      limit={LIMITE_OPCOES}
      clearable
      placeholder={opcoes.pending ? t('recurso.carregandoOpcoes') : valor.length ? undefined : t('recurso.selecione')}
      nothingFoundMessage={opcoes.buscando ? t('recurso.carregandoOpcoes') : t('recurso.nenhumaOpcao')}
      data-testid={`campo-${props.nome}`}
      {...lista}
    />
  );
}

/** Ids of a `referencias` value, populated or not. */
function idsDe(valor: unknown): string[] {
  if (!Array.isArray(valor)) return [];
  return valor.map((v) => (v && typeof v === 'object' ? String((v as { _id?: unknown })._id ?? '') : String(v))).filter(Boolean);
}
