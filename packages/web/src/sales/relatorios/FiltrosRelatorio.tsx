import { Group, MultiSelect, Paper } from '@mantine/core';
import { canaisVenda, type RecursoDef } from '@retaguarda/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
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
}

/** The filter bar of a sales report: period, channels, its own filters, and CSV / XLSX / PDF. */
export function FiltrosRelatorio({ filtro, hoje, alterar, extra, exportar, semCanais = false }: Props) {
  const { t } = useTranslation();
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);
  const exportacao = exportar && {
    ...exportar,
    pdf: {
      titulo: exportar.titulo ?? exportar.recurso.rotulo,
      empresa: [grupo, exportar.empresas ?? t('relatorioVenda.todasEmpresas')].filter(Boolean).join(' · '),
      de: filtro.de,
      ate: filtro.ate,
      filtros: [...(semCanais ? [] : [[t('relatorioVenda.canais'), filtro.canais.length ? filtro.canais.join(', ') : t('relatorioVenda.todosCanais')] as [string, string]]), ...(exportar.filtros ?? [])],
    },
  };
  return (
    <Paper withBorder p="md" radius="md" className="nao-imprimir">
      <Group align="flex-end" wrap="wrap">
        <CampoDia rotulo={t('relatorioVenda.de')} data={filtro.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="relatorio-de" />
        <CampoDia rotulo={t('relatorioVenda.ate')} data={filtro.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="relatorio-ate" />
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
        <BotoesExportar exportar={exportacao} />
      </Group>
    </Paper>
  );
}
