import { ActionIcon, Alert, Badge, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { somarDias } from '@retaguarda/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { useGeral } from '../../session/store.ts';
import { GraficoBarras } from '../relatorios/GraficoBarras.tsx';
import { relatorioVendaApi, type LinhaRelatorioVenda } from '../relatorios/relatorioVendaApi.ts';
import { useFiltroRelatorio } from '../relatorios/useFiltroRelatorio.ts';
import { CampoDia } from './CampoDia.tsx';
import { CarregandoRelatorio } from '../relatorios/Progresso.tsx';

const porLoja = (data: string, signal?: AbortSignal) => relatorioVendaApi.consultar({ de: data, ate: data, agrupar: 'empresa', canais: [], terminais: [], operadores: [], periodoPorHora: null }, signal);
const variacao = (atual: number, antes: number) => (antes ? Math.round(((atual - antes) * 100) / antes) : null);
const textoVariacao = (v: number | null) => (v === null ? '—' : `${v >= 0 ? '+' : ''}${v}%`);

/** dashboardDefault2: every store of the group side by side for a day, against the same weekday last week. */
export default function DashboardGrupoPage() {
  const { t } = useTranslation();
  const { params, hoje, alterar } = useFiltroRelatorio();
  const pedida = params.get('data');
  const data = pedida && /^\d{4}-\d{2}-\d{2}$/.test(pedida) && pedida <= hoje ? pedida : hoje;
  const comparacao = somarDias(data, -7);
  const usuario = useGeral((s) => s.usuario?._id);
  const dia = useQuery({ queryKey: ['dashboardGrupo', usuario, data], queryFn: ({ signal }) => porLoja(data, signal), refetchInterval: data === hoje ? 60_000 : false });
  const antes = useQuery({ queryKey: ['dashboardGrupo', usuario, comparacao], queryFn: ({ signal }) => porLoja(comparacao, signal) });
  const anteriores = new Map((antes.data?.linhas ?? []).map((l) => [l.chave, l]));
  const linhas: LinhaRelatorioVenda[] = [...(dia.data?.linhas ?? [])].sort((a, b) => b.total - a.total);
  const irPara = (nova: string) => alterar({ data: nova });
  return (
    <Stack gap="lg" maw={1400} data-testid="dashboard-grupo">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{t('dashboardGrupo.titulo')}</Title>
          <Text c="dimmed" size="sm">
            {t('dashboardGrupo.explicacao', { comparacao: formatData(comparacao) })}
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <Tooltip label={t('dashboard.diaAnterior')}>
            <ActionIcon variant="default" size="lg" aria-label={t('dashboard.diaAnterior')} onClick={() => irPara(somarDias(data, -1))}>
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <CampoDia data={data} hoje={hoje} onChange={irPara} />
          <Tooltip label={t('dashboard.proximoDia')}>
            <ActionIcon variant="default" size="lg" aria-label={t('dashboard.proximoDia')} disabled={data === hoje} onClick={() => irPara(somarDias(data, 1))}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {dia.error ? <Alert color="red">{dia.error.message}</Alert> : null}
      {!dia.data ? (
        <CarregandoRelatorio texto={t('dashboard.carregando')} />
      ) : linhas.length === 0 ? (
        <Alert title={t('dashboard.semVendas')}>{t('dashboard.semVendasAjuda')}</Alert>
      ) : (
        <>
          <GraficoBarras testid="dashboard-grupo-grafico" itens={linhas.map((l) => ({ rotulo: l.rotulo, valor: l.total }))} />
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={800}>
              <Table striped highlightOnHover data-testid="dashboard-grupo-tabela">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dashboardGrupo.loja')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.faturamento')}</Table.Th>
                    <Table.Th ta="right">{t('dashboardGrupo.semanaPassada')}</Table.Th>
                    <Table.Th ta="right">{t('dashboardGrupo.variacao')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.vendas')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.ticketMedio')}</Table.Th>
                    <Table.Th ta="right">{t('dashboard.canceladas')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {linhas.map((l) => {
                    const anterior = anteriores.get(l.chave);
                    const v = variacao(l.total, anterior?.total ?? 0);
                    return (
                      <Table.Tr key={l.chave} data-testid="dashboard-grupo-loja">
                        <Table.Td>{l.rotulo}</Table.Td>
                        <Table.Td ta="right">{formatCentavos(l.total)}</Table.Td>
                        <Table.Td ta="right">{anterior ? formatCentavos(anterior.total) : '—'}</Table.Td>
                        <Table.Td ta="right">{v === null ? '—' : <Badge variant="light" color={v >= 0 ? 'teal' : 'red'}>{textoVariacao(v)}</Badge>}</Table.Td>
                        <Table.Td ta="right">{l.vendas.toLocaleString('pt-BR')}</Table.Td>
                        <Table.Td ta="right">{formatCentavos(l.ticketMedio)}</Table.Td>
                        <Table.Td ta="right">{l.canceladas}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr fw={700} data-testid="dashboard-grupo-total">
                    <Table.Td>{t('relatorioVenda.total')}</Table.Td>
                    <Table.Td ta="right">{formatCentavos(dia.data.totais.total)}</Table.Td>
                    <Table.Td ta="right">{antes.data ? formatCentavos(antes.data.totais.total) : '—'}</Table.Td>
                    <Table.Td ta="right">{textoVariacao(variacao(dia.data.totais.total, antes.data?.totais.total ?? 0))}</Table.Td>
                    <Table.Td ta="right">{dia.data.totais.vendas.toLocaleString('pt-BR')}</Table.Td>
                    <Table.Td ta="right">{formatCentavos(dia.data.totais.ticketMedio)}</Table.Td>
                    <Table.Td ta="right">{dia.data.totais.canceladas}</Table.Td>
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
