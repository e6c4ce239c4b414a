import { Group, MultiSelect, Paper, Select } from '@mantine/core';
import { canaisVenda, type OpcoesFiltroRelatorio, type RecursoDef } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api } from '../../api/client.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { useSessao } from '../../session/queries.ts';
import { useGeral } from '../../session/store.ts';
import { CampoDia } from '../dashboard/CampoDia.tsx';
import { BotoesExportar } from './BotoesExportar.tsx';
import type { SecaoPdf } from './pdfRelatorio.ts';
import type { FiltroBase } from './useFiltroRelatorio.ts';

/**
 * What a report's export buttons write. CSV and XLSX: the registros under the recurso's columns.
 * PDF: the same table (or `secoes`), under the title (the recurso's rotulo unless given), the group
 * and companies, the period, the channels and the report's own `filtros`, with page numbers.
 */
export interface ExportarRelatorio {
  recurso: RecursoDef;
  registros: Registro[];
  /** File name without extension. */
  arquivo: string;
  titulo?: string;
  /** The report's own filters as the screen shows them: [['Agrupar por', 'Dia']]. */
  filtros?: [string, string][];
  /** The companies covered, by name, when the user chose some (default: all they may see). */
  empresas?: string;
  secoes?: SecaoPdf[];
}

interface Props {
  filtro: FiltroBase;
  hoje: string;
  alterar: (mudanca: Partial<FiltroBase>) => void;
  /** Filters of this report only (grouping…), after the period and before the channels. */
  extra?: ReactNode;
  /** What the export buttons write; null while loading. */
  exportar: ExportarRelatorio | null;
  /** A report of one channel (relatorioQrCode) has no channel filter. */
  semCanais?: boolean;
  /** Offers the stores the user may see (several or all); the PDF names those chosen. */
  comEmpresas?: boolean;
}

/** The filter bar of a sales report: period, channels, terminals, operators, hour period, its own filters, and CSV / XLSX / PDF. */
export function FiltrosRelatorio({ filtro, hoje, alterar, extra, exportar, semCanais = false, comEmpresas = false }: Props) {
  const { t } = useTranslation();
  const lojas = (useSessao().data?.empresas ?? []).map((e) => ({ value: e._id, label: e.nomeFantasia }));
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);
  const empresa = useGeral((s) => s.empresa?._id);
  // The report's own route offers the choices (with the report's permission): /relatorioVenda → POST /api/relatorioVenda/filtros.
  const tela = useLocation().pathname.split('/')[1] ?? '';
  const opcoes = useQuery({
    queryKey: ['relatorioFiltros', tela, empresa],
    queryFn: ({ signal }) => api.post<OpcoesFiltroRelatorio>(`${tela}/filtros`, {}, { signal }),
    enabled: Boolean(tela && empresa),
    staleTime: 60_000,
  }).data;
  const terminais = (opcoes?.terminais ?? []).map((o) => ({ value: o._id, label: o.loja ? `${o.descricao} · ${o.loja}` : o.descricao }));
  const operadores = (opcoes?.operadores ?? []).map((o) => ({ value: o._id, label: o.nome }));
  const periodos = (opcoes?.periodosPorHora ?? []).map((o) => ({ value: o._id, label: `${o.descricao} (${o.horaInicio}–${o.horaFim})` }));
  const nomes = (lista: { value: string; label: string }[], ids: string[]) => ids.map((id) => lista.find((o) => o.value === id)?.label ?? id).join(', ');
  const filtrosComuns: [string, string][] = [
    ...(filtro.terminais.length ? [[t('relatorioVenda.terminais'), nomes(terminais, filtro.terminais)] as [string, string]] : []),
    ...(filtro.operadores.length ? [[t('relatorioVenda.operadores'), nomes(operadores, filtro.operadores)] as [string, string]] : []),
    ...(filtro.periodoPorHora ? [[t('relatorioVenda.periodoPorHora'), nomes(periodos, [filtro.periodoPorHora])] as [string, string]] : []),
  ];
  const exportacao = exportar && {
    ...exportar,
    pdf: {
      titulo: exportar.titulo ?? exportar.recurso.rotulo,
      empresa: [grupo, exportar.empresas ?? (comEmpresas && filtro.empresas?.length ? nomes(lojas, filtro.empresas) : t('relatorioVenda.todasEmpresas'))].filter(Boolean).join(' · '),
      de: filtro.de,
      ate: filtro.ate,
      filtros: [...(semCanais ? [] : [[t('relatorioVenda.canais'), filtro.canais.length ? filtro.canais.join(', ') : t('relatorioVenda.todosCanais')] as [string, string]]), ...filtrosComuns, ...(exportar.filtros ?? [])],
    },
  };
  return (
    <Paper withBorder p="md" radius="md" className="nao-imprimir">
      <Group align="flex-end" wrap="wrap">
        <CampoDia rotulo={t('relatorioVenda.de')} data={filtro.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="relatorio-de" />
        <CampoDia rotulo={t('relatorioVenda.ate')} data={filtro.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="relatorio-ate" />
        {comEmpresas ? (
          <MultiSelect
            label={t('relatorioVenda.lojas')}
            placeholder={filtro.empresas?.length ? undefined : t('relatorioVenda.todasLojas')}
            data={lojas}
            value={filtro.empresas ?? []}
            onChange={(empresas) => alterar({ empresas })}
            clearable
            searchable
            miw={240}
            maw={560}
            data-testid="relatorio-lojas"
          />
        ) : null}
        {extra}
        {semCanais ? null : (
          <MultiSelect
            label={t('relatorioVenda.canais')}
            placeholder={filtro.canais.length ? undefined : t('relatorioVenda.todosCanais')}
            data={[...canaisVenda]}
            value={filtro.canais}
            onChange={(canais) => alterar({ canais })}
            clearable
            miw={220}
            data-testid="relatorio-canais"
          />
        )}
        {opcoes ? (
          <>
            <MultiSelect
              label={t('relatorioVenda.terminais')}
              placeholder={filtro.terminais.length ? undefined : t('relatorioVenda.todosTerminais')}
              data={terminais}
              value={filtro.terminais}
              onChange={(v) => alterar({ terminais: v })}
              clearable
              searchable
              miw={200}
              data-testid="relatorio-terminais"
            />
            <MultiSelect
              label={t('relatorioVenda.operadores')}
              placeholder={filtro.operadores.length ? undefined : t('relatorioVenda.todosOperadores')}
              data={operadores}
              value={filtro.operadores}
              onChange={(v) => alterar({ operadores: v })}
              clearable
              searchable
              miw={200}
              data-testid="relatorio-operadores"
            />
            <Select
              label={t('relatorioVenda.periodoPorHora')}
              placeholder={t('relatorioVenda.diaInteiro')}
              data={periodos}
              value={filtro.periodoPorHora}
              onChange={(v) => alterar({ periodoPorHora: v })}
              clearable
              w={220}
              data-testid="relatorio-periodo-hora"
            />
          </>
        ) : null}
        <BotoesExportar exportar={exportacao} />
      </Group>
    </Paper>
  );
}
