import { ActionIcon, Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { somarDias } from '@retaguarda/domain';
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { BarrasPorHora } from './BarrasPorHora.tsx';
import { CampoDia } from './CampoDia.tsx';
import { Distribuicao } from './Distribuicao.tsx';
import { Indicadores } from './Indicadores.tsx';
import { useDashboard } from './useDashboard.ts';
import { CarregandoRelatorio } from '../relatorios/Progresso.tsx';

/** dashboardDefault: the owner's day at a glance, for the active company. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const c = useDashboard();
  const d = c.dashboard;
  const quantidade = (q: string) => q.replace('.', ',');
  return (
    <Stack gap="lg" maw={1400} data-testid="dashboard">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{t('dashboard.titulo')}</Title>
          <Text c="dimmed" size="sm">
            {t('dashboard.explicacao', { comparacao: formatData(somarDias(c.data, -7)) })}
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <Tooltip label={t('dashboard.diaAnterior')}>
            <ActionIcon variant="default" size="lg" aria-label={t('dashboard.diaAnterior')} onClick={() => c.irPara(somarDias(c.data, -1))} data-testid="dashboard-anterior">
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <CampoDia data={c.data} hoje={c.hoje} onChange={c.irPara} />
          <Tooltip label={t('dashboard.proximoDia')}>
            <ActionIcon variant="default" size="lg" aria-label={t('dashboard.proximoDia')} disabled={c.ehHoje} onClick={() => c.irPara(somarDias(c.data, 1))} data-testid="dashboard-proximo">
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
          <Button variant="light" disabled={c.ehHoje} onClick={() => c.irPara(c.hoje)}>
            {t('dashboard.hoje')}
          </Button>
        </Group>
      </Group>
      {c.ehHoje ? (
        <Text size="xs" c="dimmed" mt={-12}>
          {t('dashboard.atualizando')}
        </Text>
      ) : null}
      {c.carregando || !d ? (
        c.erro ? (
          <Alert color="red">{c.erro.message}</Alert>
        ) : (
          <CarregandoRelatorio texto={t('dashboard.carregando')} />
        )
      ) : (
        <>
          <Indicadores resumo={d.resumo} />
          {d.resumo.dia.vendas === 0 ? (
            <Alert icon={<IconInfoCircle />} title={t('dashboard.semVendas')} data-testid="dashboard-vazio">
              {t('dashboard.semVendasAjuda')}
            </Alert>
          ) : null}
          <BarrasPorHora porHora={d.porHora} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Distribuicao titulo={t('dashboard.porCanal')} testid="dashboard-canais" itens={d.porCanal.map((x) => ({ rotulo: x.canal, total: x.total, detalhe: `${x.vendas}` }))} />
            <Distribuicao titulo={t('dashboard.porPagamento')} testid="dashboard-pagamentos" itens={d.porPagamento.map((x) => ({ rotulo: x.descricao, total: x.total }))} />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md" data-testid="dashboard-produtos">
            <Title order={4} mb="sm">
              {t('dashboard.topProdutos')}
            </Title>
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
          </Paper>
        </>
      )}
    </Stack>
  );
}
