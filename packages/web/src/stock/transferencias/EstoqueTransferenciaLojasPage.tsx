import { Badge, Button, Group, Paper, SegmentedControl, Select, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { reais, rotulosStatusTransferenciaLojas, statusTransferenciaLojas } from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlParam } from '../../app/useUrlParams.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../formatoEstoque.ts';
import { corStatusTransferencia, TransferenciaDetalhe } from './TransferenciaDetalhe.tsx';
import { TransferenciaForm } from './TransferenciaForm.tsx';
import { transferenciasApi, transferenciasKeys } from './transferenciasApi.ts';
import { GavetaLateral } from '../../sales/relatorios/GavetaLateral.tsx';

/**
 * estoqueTransferenciaLojas: the transfers this store sent and those on their way to it (?direcao=
 * enviadas|recebidas, ?status=), one opened (?transferencia=<id>) and a new one in a drawer (?novo=1).
 */
export default function EstoqueTransferenciaLojasPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const queryClient = useQueryClient();
  const [direcao, setDirecao] = useUrlParam('direcao');
  const [status, setStatus] = useUrlParam('status');
  const [aberta, setAberta] = useUrlParam('transferencia');
  const [novo, setNovo] = useUrlParam('novo');
  const filtro = { direcao: direcao === 'enviadas' || direcao === 'recebidas' ? (direcao as 'enviadas' | 'recebidas') : null, status: status || null };
  const lista = useQuery({ queryKey: [...transferenciasKeys.todos(empresa), 'lista', filtro], queryFn: ({ signal }) => transferenciasApi.listar(filtro, signal), enabled: Boolean(empresa) });

  return (
    <PaginaRelatorio
      testid="estoque-transferencia-lojas"
      titulo={t('transferencias.titulo')}
      explicacao={t('transferencias.explicacao')}
      acoes={
        pode('estoqueTransferenciaLojas', 'criar') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo('1')} data-testid="transferencia-nova">
            {t('transferencias.nova')}
          </Button>
        ) : undefined
      }
    >
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <SegmentedControl
            value={filtro.direcao ?? 'todas'}
            onChange={(v) => setDirecao(v === 'todas' ? null : v)}
            data={[
              { value: 'todas', label: t('transferencias.todas') },
              { value: 'enviadas', label: t('transferencias.enviadas') },
              { value: 'recebidas', label: t('transferencias.paraEstaLoja') },
            ]}
            data-testid="transferencia-direcao"
          />
          <Select
            label={t('transferencias.situacao')}
            data={statusTransferenciaLojas.map((s) => ({ value: s, label: rotulosStatusTransferenciaLojas[s] }))}
            value={filtro.status}
            onChange={(v) => setStatus(v)}
            placeholder={t('transferencias.todasSituacoes')}
            clearable
            w={200}
            data-testid="transferencia-filtro-status"
          />
        </Group>
      </Paper>
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.length === 0 && t('transferencias.nenhuma')} vazioAjuda={t('transferencias.nenhumaAjuda')}>
        {(transferencias) => (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={900}>
              <Table highlightOnHover data-testid="transferencia-lista">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('transferencias.numero')}</Table.Th>
                    <Table.Th>{t('transferencias.situacao')}</Table.Th>
                    <Table.Th>{t('transferencias.data')}</Table.Th>
                    <Table.Th>{t('transferencias.origem')}</Table.Th>
                    <Table.Th>{t('transferencias.destino')}</Table.Th>
                    <Table.Th ta="right">{t('transferencias.itens')}</Table.Th>
                    <Table.Th ta="right">{t('transferencias.valor')}</Table.Th>
                    <Table.Th ta="right">{t('transferencias.divergencia')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {transferencias.map((tr) => (
                    <Table.Tr key={tr._id} data-testid="transferencia-item" style={{ cursor: 'pointer' }} onClick={() => setAberta(tr._id)}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => setAberta(tr._id)} data-testid="transferencia-abrir">
                          {tr.numero}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={corStatusTransferencia[tr.status]} variant="light" data-testid="transferencia-item-status">
                          {rotulosStatusTransferenciaLojas[tr.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dataHora(tr.enviadoEm ?? tr.criadoEm)}</Table.Td>
                      <Table.Td>{tr.empresaOrigemNome}</Table.Td>
                      <Table.Td>{tr.empresaDestinoNome}</Table.Td>
                      <Table.Td ta="right">{tr.linhas}</Table.Td>
                      <Table.Td ta="right">{tr.status === 'rascunho' ? '' : reais(tr.valor)}</Table.Td>
                      <Table.Td ta="right" c={tr.valorDivergencia ? 'red' : undefined}>
                        {tr.valorDivergencia ? reais(tr.valorDivergencia) : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </EstadoRelatorio>
      {aberta ? <TransferenciaDetalhe id={aberta} onFechar={() => setAberta(null)} /> : null}
      <GavetaLateral aberta={novo === '1'} fechar={() => setNovo(null)} titulo={t('transferencias.nova')} testid="transferencia-nova-gaveta">
        {() => (
          <TransferenciaForm
            onSalva={(tr) => {
              void queryClient.invalidateQueries({ queryKey: transferenciasKeys.todos(empresa) });
              notifications.show({ color: 'green', message: tr.status === 'enviada' ? t('transferencias.enviadaAviso', { numero: tr.numero }) : t('transferencias.rascunhoAviso', { numero: tr.numero }) });
              setNovo(null);
              setAberta(tr._id);
            }}
          />
        )}
      </GavetaLateral>
    </PaginaRelatorio>
  );
}
