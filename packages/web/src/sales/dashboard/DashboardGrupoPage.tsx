import { Badge, Paper, Table } from '@mantine/core';
import { somarDias } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { useGeral } from '../../session/store.ts';
import { GraficoBarras } from '../relatorios/GraficoBarras.tsx';
import { relatorioVendaApi, type LinhaRelatorioVenda } from '../relatorios/relatorioVendaApi.ts';
import { useFiltroRelatorio } from '../relatorios/useFiltroRelatorio.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../relatorios/PaginaRelatorio.tsx';
import { NavegadorDia } from './NavegadorDia.tsx';

const porLoja = (data: string, signal?: AbortSignal) => relatorioVendaApi.consultar({ de: data, ate: data, agrupar: 'empresa', canais: [], terminais: [], operadores: [], periodoPorHora: null }, signal);
const variacao = (atual: number, antes: number) => (antes ? Math.round(((atual - antes) * 100) / antes) : null);
/** The table's number columns after the store, in order. */
const colunasNumericas = ['dashboard.faturamento', 'dashboardGrupo.semanaPassada', 'dashboardGrupo.variacao', 'dashboard.vendas', 'dashboard.ticketMedio', 'dashboard.canceladas'] as const;
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
    <PaginaRelatorio
      testid="dashboard-grupo"
      titulo={t('dashboardGrupo.titulo')}
      explicacao={t('dashboardGrupo.explicacao', { comparacao: formatData(comparacao) })}
      acoes={<NavegadorDia data={data} hoje={hoje} irPara={irPara} />}
    >
      <EstadoRelatorio erro={dia.error} dados={dia.data} vazio={() => linhas.length === 0 && t('dashboard.semVendas')} vazioAjuda={t('dashboard.semVendasAjuda')} carregando={t('dashboard.carregando')}>
        {(dia) => (
          <>
            <GraficoBarras testid="dashboard-grupo-grafico" itens={linhas.map((l) => ({ rotulo: l.rotulo, valor: l.total }))} />
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={800}>
                <Table striped highlightOnHover data-testid="dashboard-grupo-tabela">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('dashboardGrupo.loja')}</Table.Th>
                      {colunasNumericas.map((chave) => (
                        <Table.Th key={chave} ta="right">
                          {t(chave)}
                        </Table.Th>
                      ))}
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
                      <Table.Td ta="right">{formatCentavos(dia.totais.total)}</Table.Td>
                      <Table.Td ta="right">{antes.data ? formatCentavos(antes.data.totais.total) : '—'}</Table.Td>
                      <Table.Td ta="right">{textoVariacao(variacao(dia.totais.total, antes.data?.totais.total ?? 0))}</Table.Td>
                      <Table.Td ta="right">{dia.totais.vendas.toLocaleString('pt-BR')}</Table.Td>
                      <Table.Td ta="right">{formatCentavos(dia.totais.ticketMedio)}</Table.Td>
                      <Table.Td ta="right">{dia.totais.canceladas}</Table.Td>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
