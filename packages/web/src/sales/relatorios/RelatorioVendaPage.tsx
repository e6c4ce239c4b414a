import { Alert, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { comoRecurso, comoRegistros } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { CarregandoRelatorio } from './Progresso.tsx';
import { GraficoBarras } from './GraficoBarras.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
import { agrupamentos } from './relatorioVendaApi.ts';
import { useRelatorioVenda } from './useRelatorioVenda.ts';


/** relatorioVenda: sales of a period grouped as the user chooses, with totals, a chart and exports. */
export default function RelatorioVendaPage() {
  const { t } = useTranslation();
  const c = useRelatorioVenda();
  const rotuloAgrupamento = t(`relatorioVenda.agrupar_${c.filtro.agrupar}`);
  const recurso = comoRecurso(rotuloAgrupamento);
  const r = c.resultado;
  const registros = r ? comoRegistros(r.linhas, r.totais) : [];
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
        exportar={r ? { recurso, registros, arquivo: `relatorio-vendas-${c.filtro.de}-a-${c.filtro.ate}`, filtros: [[t('relatorioVenda.agrupar'), rotuloAgrupamento]] } : null}
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
        <CarregandoRelatorio />
      ) : r.linhas.length === 0 ? (
        <Alert title={t('relatorioVenda.vazio')} data-testid="relatorio-vazio">
          {t('relatorioVenda.vazioAjuda')}
        </Alert>
      ) : (
        <>
          <GraficoBarras testid="relatorio-grafico" itens={r.linhas.map((l) => ({ rotulo: l.rotulo, valor: l.total }))} />
          <Paper withBorder radius="md">
            <TabelaRelatorio colunas={recurso.campos} linhas={registros.slice(0, -1)} totais={registros.at(-1)} testid="relatorio-tabela" />
          </Paper>
        </>
      )}
    </Stack>
  );
}
