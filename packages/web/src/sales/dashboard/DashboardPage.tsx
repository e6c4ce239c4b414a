import { Alert, Button, SimpleGrid, Table, Text } from '@mantine/core';
import { somarDias } from '@retaguarda/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { BarrasPorHora } from './BarrasPorHora.tsx';
import { Distribuicao } from './Distribuicao.tsx';
import { Indicadores } from './Indicadores.tsx';
import { NavegadorDia } from './NavegadorDia.tsx';
import { useDashboard } from './useDashboard.ts';
import { PaginaRelatorio, SecaoRelatorio } from '../relatorios/PaginaRelatorio.tsx';
import { CartaoPendenciasEstoque } from '../../stock/pendencias/CartaoPendenciasEstoque.tsx';
import { AvisoDemo, useDemoPreenchendo } from '../../demo/AvisoDemo.tsx';
import { CarregandoRelatorio } from '../relatorios/Progresso.tsx';

/** dashboardDefault: the owner's day at a glance, for the active company. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const c = useDashboard();
  // The figures are drawn in a deferred render, which React splits into short tasks (an answer's own render is
  // synchronous and held the main thread for ~70 ms of a 4× slower CPU: issue 19's Lighthouse).
  const d = useDeferredValue(c.dashboard);
  const demoPreenchendo = useDemoPreenchendo();
  const quantidade = (q: string) => q.replace('.', ',');
  return (
    <PaginaRelatorio
      testid="dashboard"
      titulo={t('dashboard.titulo')}
      explicacao={t('dashboard.explicacao', { comparacao: formatData(somarDias(c.data, -7)) })}
      acoes={
        <NavegadorDia data={c.data} hoje={c.hoje} irPara={c.irPara}>
          <Button variant="light" disabled={c.ehHoje} onClick={() => c.irPara(c.hoje)}>
            {t('dashboard.hoje')}
          </Button>
        </NavegadorDia>
      }
    >
      {c.ehHoje ? (
        <Text size="xs" c="dimmed" mt={-12}>
          {t('dashboard.atualizando')}
        </Text>
      ) : null}
      <AvisoDemo />
      <CartaoPendenciasEstoque />
      {c.carregando || !d ? (
        c.erro ? (
          <Alert color="red">{c.erro.message}</Alert>
        ) : (
          <CarregandoRelatorio texto={t('dashboard.carregando')} />
        )
      ) : (
        <>
          <Indicadores resumo={d.resumo} />
          {d.resumo.dia.vendas === 0 && !demoPreenchendo ? (
            <Alert icon={<IconInfoCircle />} title={t('dashboard.semVendas')} data-testid="dashboard-vazio">
              {t('dashboard.semVendasAjuda')}
            </Alert>
          ) : null}
          <BarrasPorHora porHora={d.porHora} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Distribuicao titulo={t('dashboard.porCanal')} testid="dashboard-canais" itens={d.porCanal.map((x) => ({ rotulo: x.canal, total: x.total, detalhe: `${x.vendas}` }))} />
            <Distribuicao titulo={t('dashboard.porPagamento')} testid="dashboard-pagamentos" itens={d.porPagamento.map((x) => ({ rotulo: x.descricao, total: x.total }))} />
          </SimpleGrid>
          <SecaoRelatorio titulo={t('dashboard.topProdutos')} testid="dashboard-produtos">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboard.produto')}</Table.Th>
                  <Table.Th ta="right">{t('dashboard.quantidade')}</Table.Th>
                  <Table.Th ta="right">{t('dashboard.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.topProdutos.map((p) => (
                  <Table.Tr key={p.produto} data-testid="dashboard-produto">
                    <Table.Td>{p.descricao}</Table.Td>
                    <Table.Td ta="right">{quantidade(p.quantidade)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatCentavos(p.total)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </SecaoRelatorio>
        </>
      )}
    </PaginaRelatorio>
  );
}
