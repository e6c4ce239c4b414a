import { Alert, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { conjuntosDeDados } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../resources/format.ts';
import { FiltrosRelatorio } from '../relatorios/FiltrosRelatorio.tsx';
import { GraficoBarras } from '../relatorios/GraficoBarras.tsx';
import { CarregandoRelatorio } from '../relatorios/Progresso.tsx';
import { TabelaRelatorio } from '../relatorios/TabelaRelatorio.tsx';
import { BarraSalvar } from './BarraSalvar.tsx';
import { Construtor } from './Construtor.tsx';
import { comoRelatorio } from './exportar.ts';
import { ListaRelatorios } from './ListaRelatorios.tsx';
import { useRelatoriosCriados } from './useRelatoriosCriados.ts';

const BARRAS = 40;

/**
 * relatoriosCriados: the user's and the group's saved reports, and a builder (data set, columns,
 * filters, subtotal, order) with a live preview: table with totals, a chart, CSV / XLSX / PDF.
 */
export default function RelatoriosCriadosPage() {
  const { t } = useTranslation();
  const c = useRelatoriosCriados();
  const r = c.resultado;
  const titulo = c.rascunho.nome.trim() || t('relatoriosCriados.semNome');
  const relatorio = r ? comoRelatorio(titulo, r) : null;
  const dimensoes = r?.colunas.filter((col) => col.papel === 'dimensao') ?? [];
  const medida = r?.colunas.find((col) => col.papel === 'medida' && col.tipo !== 'decimal');
  // With a subtotal, one bar per group (its subtotal line); otherwise one per row, named by its dimensions.
  const subtotal = c.definicao.agrupamento;
  const porGrupo = Boolean(subtotal && dimensoes.length > 1 && r?.linhas.some((l) => l._tipo === 'subtotal'));
  const barras =
    r && medida && dimensoes.length
      ? r.linhas
          .filter((l) => l._tipo === (porGrupo ? 'subtotal' : 'linha'))
          .slice(0, BARRAS)
          .map((l) => ({
            rotulo: porGrupo ? String(l[subtotal!]).replace(/^Subtotal /, '') : dimensoes.map((d) => String(l[d.nome])).join(' · '),
            valor: Number(l[medida.nome] ?? 0),
          }))
      : [];
  const erroSalvar = c.salvar.error ?? c.salvarComo.error ?? c.excluir.error;
  return (
    <Stack gap="lg" maw={1600} data-testid="relatorios-criados">
      <div>
        <Title order={2}>{t('relatoriosCriados.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('relatoriosCriados.explicacao')}
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ListaRelatorios relatorios={c.lista.data} usuario={c.usuario} aberto={c.salvo?._id} abrir={c.abrir} novo={c.novo} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <FiltrosRelatorio
              filtro={c.filtro}
              hoje={c.hoje}
              alterar={c.alterar}
              exportar={
                relatorio
                  ? {
                      recurso: relatorio.recurso,
                      registros: relatorio.registros,
                      arquivo: `relatorio-${c.filtro.de}-a-${c.filtro.ate}`,
                      titulo,
                      filtros: [[t('relatoriosCriados.conjunto'), conjuntosDeDados[c.definicao.conjunto].rotulo]],
                    }
                  : null
              }
            />
            <Construtor definicao={c.definicao} alterar={c.alterarDefinicao} />
            <BarraSalvar c={c} />
            {erroSalvar ? <Alert color="red">{erroSalvar.message}</Alert> : null}
            {c.problemas.length ? (
              <Alert color="yellow" data-testid="criado-problemas">
                {c.problemas.map((p) => p.mensagem).join(' ')}
              </Alert>
            ) : null}
            {c.erro ? <Alert color="red">{c.erro.message}</Alert> : null}
            {c.problemas.length ? null : !relatorio ? (
              <CarregandoRelatorio />
            ) : (
              <>
                {barras.length > 1 && medida ? (
                  <GraficoBarras testid="criado-grafico" itens={barras} formatar={medida.tipo === 'dinheiro' ? undefined : formatDecimal} />
                ) : null}
                {r!.linhas.length === 0 && dimensoes.length ? (
                  <Alert title={t('relatorioVenda.vazio')}>{t('relatorioVenda.vazioAjuda')}</Alert>
                ) : (
                  <Paper withBorder radius="md" style={{ opacity: c.carregando ? 0.6 : 1 }}>
                    <TabelaRelatorio
                      colunas={relatorio.campos}
                      linhas={relatorio.linhas}
                      totais={relatorio.totais}
                      testid="criado-tabela"
                      ordem={c.definicao.ordenacao[0]}
                      ordenar={c.ordenarPor}
                      minWidth={Math.max(400, relatorio.recurso.colunas.length * 130)}
                    />
                  </Paper>
                )}
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
