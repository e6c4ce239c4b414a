import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { semAcento, ufs } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';

/** One city of the IBGE list served by GET /api/municipios. */
export interface Municipio {
  codigoIbge: string;
  nome: string;
  uf: string;
}

/** Mantine's search ignores case but not accents; people type "sao paulo". Every word must be found, as on the server. */
export const filtroSemAcento: OptionsFilter = ({ options, search, limit }) => {
  const palavras = semAcento(search).split(/\s+/).filter(Boolean);
  const achados = (options as ComboboxItem[]).filter((o) => {
    const rotulo = semAcento(o.label);
    return palavras.every((p) => rotulo.includes(p));
  });
  return achados.slice(0, limit);
};

/** The cities of a UF (at most 853), fetched once per UF and kept: the list does not change. */
export function useMunicipios(uf: string | undefined) {
  return useQuery({
    queryKey: ['municipios', uf ?? ''],
    enabled: Boolean(uf),
    staleTime: Infinity,
    gcTime: Infinity,
    queryFn: ({ signal }) => api.get<Municipio[]>(`municipios?uf=${encodeURIComponent(uf!)}`, { signal }),
  });
}

interface ComunsProps {
  nome: string;
  label?: string | undefined;
  'aria-label'?: string | undefined;
  description?: string | undefined;
  error?: string | undefined;
  withAsterisk?: boolean | undefined;
}

const ufOpcoes = ufs.map((u) => ({ value: u.sigla, label: `${u.sigla} · ${u.nome}` }));

/** A federative unit, searchable by sigla or name; the value is the sigla. */
export function UfInput({ nome, valor, onChange, ...comum }: ComunsProps & { valor: unknown; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      {...comum}
      data={ufOpcoes}
      value={typeof valor === 'string' && valor ? valor : null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable
      filter={filtroSemAcento}
      placeholder={t('recurso.selecione')}
      nothingFoundMessage={t('recurso.nenhumaOpcao')}
      data-testid={`campo-${nome}`}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * A city picked from the IBGE list of the sibling UF. The field holds the name; the pick also sets
 * the sibling code field (NF-e cMun), which is what identifies the option.
 */
export function MunicipioInput({
  nome,
  uf,
  codigo,
  onPick,
  ...comum
}: ComunsProps & { uf: string | undefined; codigo: string | undefined; onPick: (m: Municipio | null) => void }) {
  const { t } = useTranslation();
  const municipios = useMunicipios(uf);
  const data = useMemo(() => (municipios.data ?? []).map((m) => ({ value: m.codigoIbge, label: m.nome })), [municipios.data]);
  const placeholder = !uf ? t('recurso.municipioEscolhaUf') : municipios.isPending ? t('recurso.carregandoOpcoes') : t('recurso.municipioBuscar');
  return (
    <Select
      {...comum}
      data={data}
      value={codigo || null}
      onChange={(v) => onPick(municipios.data?.find((m) => m.codigoIbge === v) ?? null)}
      disabled={!uf}
      searchable
      clearable
      limit={50}
      filter={filtroSemAcento}
      placeholder={placeholder}
      nothingFoundMessage={t('recurso.nenhumaOpcao')}
      data-testid={`campo-${nome}`}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
