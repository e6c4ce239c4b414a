import { Alert, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatValor } from '../../resources/format.ts';
import { comoRecurso, comoRegistros, colunasRelatorioVenda } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
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
  return (
    <Stack gap="lg" maw={1400} data-testid="relatorio-venda">
      <div>
        <Title order={2}>{t('relatorioVenda.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('relatorioVenda.explicacao')}
        </Text>
      </div>
      <FiltrosRelatorio
        filtro={c.filtro}
        hoje={c.hoje}
        alterar={c.alterar}
        exportar={r ? { recurso, registros: comoRegistros(r.linhas, r.totais), arquivo: `relatorio-vendas-${c.filtro.de}-a-${c.filtro.ate}` } : null}
        extra={
          <Select
            label={t('relatorioVenda.agrupar')}
            data={agrupamentos.map((a) => ({ value: a, label: t(`relatorioVenda.agrupar_${a}`) }))}
            value={c.filtro.agrupar}
            onChange={(v) => v && c.alterar({ agrupar: v })}
            allowDeselect={false}
            w={180}
            data-testid="relatorio-agrupar"
          />
        }
      />
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
