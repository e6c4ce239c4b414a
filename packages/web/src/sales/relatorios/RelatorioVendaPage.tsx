import { Alert, Button, Group, Loader, MultiSelect, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { canaisVenda } from '@retaguarda/domain';
import { IconFileSpreadsheet, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { baixar, toCsv } from '../../resources/exportar.ts';
import { formatValor } from '../../resources/format.ts';
import { toXlsx } from '../../resources/xlsx.ts';
import { CampoDia } from '../dashboard/CampoDia.tsx';
import { comoRecurso, comoRegistros, colunasRelatorioVenda } from './exportarRelatorio.ts';
import { GraficoBarras } from './GraficoBarras.tsx';
import { agrupamentos } from './relatorioVendaApi.ts';
import { useRelatorioVenda } from './useRelatorioVenda.ts';

const colunas = Object.entries(colunasRelatorioVenda) as [keyof typeof colunasRelatorioVenda, (typeof colunasRelatorioVenda)[keyof typeof colunasRelatorioVenda]][];

/** relatorioVenda: sales of a period grouped as the user chooses, with totals, a chart and exports. */
export default function RelatorioVendaPage() {
  const { t } = useTranslation();
  const c = useRelatorioVenda();
  const rotuloAgrupamento = t(`relatorioVenda.agrupar_${c.filtro.agrupar}`);
  const recurso = comoRecurso(rotuloAgrupamento);
  const r = c.resultado;
  const arquivo = (ext: string) => `relatorio-vendas-${c.filtro.de}-a-${c.filtro.ate}.${ext}`;
  return (
    <Stack gap="lg" maw={1400} data-testid="relatorio-venda">
      <div>
        <Title order={2}>{t('relatorioVenda.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('relatorioVenda.explicacao')}
        </Text>
      </div>
      <Paper withBorder p="md" radius="md" className="nao-imprimir">
        <Group align="flex-end" wrap="wrap">
          <CampoDia rotulo={t('relatorioVenda.de')} data={c.filtro.de} hoje={c.hoje} onChange={(de) => c.alterar({ de })} testid="relatorio-de" />
          <CampoDia rotulo={t('relatorioVenda.ate')} data={c.filtro.ate} hoje={c.hoje} onChange={(ate) => c.alterar({ ate })} testid="relatorio-ate" />
          <Select
            label={t('relatorioVenda.agrupar')}
            data={agrupamentos.map((a) => ({ value: a, label: t(`relatorioVenda.agrupar_${a}`) }))}
            value={c.filtro.agrupar}
            onChange={(v) => v && c.alterar({ agrupar: v as (typeof agrupamentos)[number] })}
            allowDeselect={false}
            w={180}
            data-testid="relatorio-agrupar"
          />
          <MultiSelect
            label={t('relatorioVenda.canais')}
            placeholder={c.filtro.canais.length ? undefined : t('relatorioVenda.todosCanais')}
            data={[...canaisVenda]}
            value={c.filtro.canais}
            onChange={(canais) => c.alterar({ canais })}
            clearable
            miw={220}
            data-testid="relatorio-canais"
          />
          <Group gap="xs" ml="auto">
            <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} disabled={!r} onClick={() => r && baixar(toCsv(recurso, comoRegistros(r.linhas, r.totais)), 'text/csv;charset=utf-8', arquivo('csv'))} data-testid="relatorio-csv">
              CSV
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              disabled={!r}
              onClick={() => r && baixar(toXlsx(recurso, comoRegistros(r.linhas, r.totais)) as Uint8Array<ArrayBuffer>, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', arquivo('xlsx'))}
              data-testid="relatorio-xlsx"
            >
              XLSX
            </Button>
            <Button variant="default" leftSection={<IconPrinter size={16} />} disabled={!r} onClick={() => window.print()} title={t('relatorioVenda.pdfAjuda')}>
              {t('relatorioVenda.pdf')}
            </Button>
          </Group>
        </Group>
      </Paper>
      {c.erro ? <Alert color="red">{c.erro.message}</Alert> : null}
      {!r ? (
        <Loader size={80} />
      ) : r.linhas.length === 0 ? (
        <Alert title={t('relatorioVenda.vazio')} data-testid="relatorio-vazio">
          {t('relatorioVenda.vazioAjuda')}
        </Alert>
      ) : (
        <>
          <GraficoBarras testid="relatorio-grafico" itens={r.linhas.map((l) => ({ rotulo: l.rotulo, valor: l.total }))} />
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover stickyHeader data-testid="relatorio-tabela">
                <Table.Thead>
                  <Table.Tr>
                    {colunas.map(([nome, campo]) => (
                      <Table.Th key={nome} ta={nome === 'rotulo' ? 'left' : 'right'}>
                        {nome === 'rotulo' ? rotuloAgrupamento : campo.rotulo}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.linhas.map((linha) => (
                    <Table.Tr key={linha.chave} data-testid="relatorio-linha">
                      {colunas.map(([nome, campo]) => (
                        <Table.Td key={nome} ta={nome === 'rotulo' ? 'left' : 'right'} style={{ whiteSpace: 'nowrap' }}>
                          {formatValor(campo, linha[nome])}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr data-testid="relatorio-totais" fw={700}>
                    {colunas.map(([nome, campo]) => (
                      <Table.Td key={nome} ta={nome === 'rotulo' ? 'left' : 'right'} style={{ whiteSpace: 'nowrap' }}>
                        {nome === 'rotulo' ? t('relatorioVenda.total') : formatValor(campo, r.totais[nome])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </>
      )}
    </Stack>
  );
}
