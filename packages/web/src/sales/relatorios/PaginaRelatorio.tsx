import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GraficoBarras } from './GraficoBarras.tsx';
import { CarregandoRelatorio } from './Progresso.tsx';
import { TabelaRelatorio, type TabelaRelatorioProps } from './TabelaRelatorio.tsx';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

interface PaginaProps {
  testid: string;
  titulo: string;
  explicacao: ReactNode;
  /** Controls beside the title (a dashboard's day); a report's filters go in the children instead. */
  acoes?: ReactNode;
  children: ReactNode;
}

/** The frame of every report and dashboard: title and explanation over its filters and results. */
export function PaginaRelatorio({ testid, titulo, explicacao, acoes, children }: PaginaProps) {
  const cabecalho = (
    <div>
      <Title order={2}>{titulo}</Title>
      <Text c="dimmed" size="sm">
        {explicacao}
      </Text>
    </div>
  );
  return (
    <Stack gap="lg" maw={1400} data-testid={testid}>
      {acoes ? (
        <Group justify="space-between" align="flex-end" wrap="wrap">
          {cabecalho}
          {acoes}
        </Group>
      ) : (
        cabecalho
      )}
      {children}
    </Stack>
  );
}

interface EstadoProps<T> {
  erro: Error | null;
  /** The report's answer; undefined while it is being asked. */
  dados: T | undefined;
  /** When the answer has nothing to show, the alert's title (none: the results show their own empty parts). */
  vazio?: (dados: T) => string | false;
  /** The alert's text under that title. */
  vazioAjuda?: string;
  /** What the progress bar says while loading (default: the reports' own). */
  carregando?: string;
  children: (dados: T) => ReactNode;
}

/** A report's results: the error, a progress bar until the answer comes, the empty alert, or the results. */
export function EstadoRelatorio<T>({ erro, dados, vazio, vazioAjuda, carregando, children }: EstadoProps<T>) {
  const { t } = useTranslation();
  const tituloVazio = dados === undefined ? false : (vazio?.(dados) ?? false);
  return (
    <>
      {erro ? <Alert color="red">{erro.message}</Alert> : null}
      {dados === undefined ? (
        <CarregandoRelatorio texto={carregando} />
      ) : tituloVazio ? (
        <Alert title={tituloVazio} data-testid="relatorio-vazio">
          {vazioAjuda ?? t('relatorioVenda.vazioAjuda')}
        </Alert>
      ) : (
        children(dados)
      )}
    </>
  );
}

interface SecaoProps {
  titulo: string;
  /** A line under the title saying how to read the block. */
  ajuda?: string;
  /** What the block says instead of its table when there are no rows (false: there are). */
  vazia?: string | false;
  testid?: string;
  children: ReactNode;
}

/** A titled block of a report's results (a second table, a breakdown). */
export function SecaoRelatorio({ titulo, ajuda, vazia, testid, children }: SecaoProps) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testid}>
      <TituloSecao mb={ajuda ? undefined : 'sm'}>
        {titulo}
      </TituloSecao>
      {ajuda ? (
        <Text size="xs" c="dimmed" mb="sm">
          {ajuda}
        </Text>
      ) : null}
      {vazia ? <Text c="dimmed">{vazia}</Text> : children}
    </Paper>
  );
}

/** The usual results: a bar per row of the chart over the table with its totals. */
export function GraficoETabela({ barras, ...tabela }: { barras: { rotulo: string; valor: number }[] } & Omit<TabelaRelatorioProps, 'testid'>) {
  return (
    <>
      <GraficoBarras testid="relatorio-grafico" itens={barras} />
      <Paper withBorder radius="md">
        <TabelaRelatorio testid="relatorio-tabela" {...tabela} />
      </Paper>
    </>
  );
}
