import { Button, Group, MultiSelect, Paper } from '@mantine/core';
import { canaisVenda, type RecursoDef } from '@retaguarda/domain';
import { IconFileSpreadsheet, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { baixar, toCsv, type Registro } from '../../resources/exportar.ts';
import { toXlsx } from '../../resources/xlsx.ts';
import { CampoDia } from '../dashboard/CampoDia.tsx';
import type { FiltroBase } from './useFiltroRelatorio.ts';

interface Props {
  filtro: FiltroBase;
  hoje: string;
  alterar: (mudanca: Partial<FiltroBase>) => void;
  /** Filters of this report only (grouping…), after the period and before the channels. */
  extra?: ReactNode;
  /** What the export buttons write; null while loading. */
  exportar: { recurso: RecursoDef; registros: Registro[]; arquivo: string } | null;
}

/** The filter bar of a sales report: period, channels, its own filters, and CSV / XLSX / print. */
export function FiltrosRelatorio({ filtro, hoje, alterar, extra, exportar }: Props) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" className="nao-imprimir">
      <Group align="flex-end" wrap="wrap">
        <CampoDia rotulo={t('relatorioVenda.de')} data={filtro.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="relatorio-de" />
        <CampoDia rotulo={t('relatorioVenda.ate')} data={filtro.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="relatorio-ate" />
        {extra}
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
        <Group gap="xs" ml="auto">
          <Button
            variant="default"
            leftSection={<IconFileTypeCsv size={16} />}
            disabled={!exportar}
            onClick={() => exportar && baixar(toCsv(exportar.recurso, exportar.registros), 'text/csv;charset=utf-8', `${exportar.arquivo}.csv`)}
            data-testid="relatorio-csv"
          >
            CSV
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            disabled={!exportar}
            onClick={() => exportar && baixar(toXlsx(exportar.recurso, exportar.registros) as Uint8Array<ArrayBuffer>, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${exportar.arquivo}.xlsx`)}
            data-testid="relatorio-xlsx"
          >
            XLSX
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={16} />} disabled={!exportar} onClick={() => window.print()} title={t('relatorioVenda.pdfAjuda')}>
            {t('relatorioVenda.pdf')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
