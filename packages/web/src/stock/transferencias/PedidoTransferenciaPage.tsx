import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { rotulosStatusPedidoTransferencia, statusPedidoTransferencia } from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { layoutRouteName } from '../../app/routeName.ts';
import { useUrlParam } from '../../app/useUrlParams.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../formatoEstoque.ts';
import { LinhasProdutos, linhasParaEnviar, linhaVazia, type LinhaDigitada } from './LinhasProdutos.tsx';
import { corStatusPedido, PedidoDetalhe } from './PedidoDetalhe.tsx';
import { pedidosApi, transferenciasApi, transferenciasKeys, type PedidoTransferencia } from './transferenciasApi.ts';
import { GavetaLateral } from '../../sales/relatorios/GavetaLateral.tsx';

/** A request typed by hand: the store that supplies (the central kitchen) and the lines. */
function NovaSolicitacao({ onCriada }: { onCriada: (p: PedidoTransferencia) => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const lojas = useQuery({ queryKey: [...transferenciasKeys.todos(empresa), 'lojas'], queryFn: ({ signal }) => transferenciasApi.lojas(signal) });
  const [fornecedora, setFornecedora] = useState<string | null>(null);
  const [observacao, setObservacao] = useState('');
  const [linhas, setLinhas] = useState<LinhaDigitada[]>(() => [linhaVazia()]);
  const [errosLinhas, setErrosLinhas] = useState<Record<number, string>>({});
  const [erro, setErro] = useState<string | null>(null);
  const criar = useMutation({
    mutationFn: () => {
      const { itens, erros } = linhasParaEnviar(linhas);
      setErrosLinhas(erros);
      if (Object.keys(erros).length) throw new Error(t('transferencias.corrijaLinhas'));
      return pedidosApi.solicitar({ empresaFornecedora: fornecedora ?? '', observacao: observacao || null, itens });
    },
    onSuccess: onCriada,
    onError: (e) => setErro(isApiError(e) || e instanceof Error ? e.message : String(e)),
  });
  return (
    <Stack gap="md">
      <Select label={t('pedidosTransferencia.lojaFornecedora')} description={t('pedidosTransferencia.lojaFornecedoraAjuda')} data={(lojas.data ?? []).map((l) => ({ value: l._id, label: l.nome }))} value={fornecedora} onChange={setFornecedora} data-testid="nova-solicitacao-fornecedora" />
      <LinhasProdutos linhas={linhas} onChange={setLinhas} erros={errosLinhas} testid="nova-solicitacao-itens" />
      <Textarea label={t('transferencias.observacao')} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} autosize minRows={2} />
      {erro ? <Alert color="red">{erro}</Alert> : null}
      <Group justify="flex-end">
        <Button onClick={() => criar.mutate()} loading={criar.isPending} data-testid="nova-solicitacao-salvar">
          {t('pedidosTransferencia.solicitar')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * estoquePedidoTransferencia / solicitacaoPedidoTransferencia, one page with two views: the requests
 * this store made (solicitação) and those addressed to it to fulfil (pedidos a atender, the central
 * kitchen's view). The route says which view; ?status= filters, ?pedido=<id> opens one, ?novo=1 asks.
 */
export default function PedidoTransferenciaPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const tela = layoutRouteName(useLocation().pathname);
  const visao = tela === 'solicitacaoPedidoTransferencia' ? 'solicitante' : 'fornecedora';
  const [status, setStatus] = useUrlParam('status');
  const [aberto, setAberto] = useUrlParam('pedido');
  const [novo, setNovo] = useUrlParam('novo');
  const filtro = { status: status || null };
  const lista = useQuery({ queryKey: ['pedidosTransferencia', empresa ?? '', visao, filtro], queryFn: ({ signal }) => pedidosApi.listar(visao, filtro, signal), enabled: Boolean(empresa) });
  const trocar = (v: string | null) => v && v !== tela && navigate(`/${v}${search}`);

  return (
    <PaginaRelatorio
      testid="pedido-transferencia"
      titulo={t('pedidosTransferencia.titulo')}
      explicacao={t(visao === 'solicitante' ? 'pedidosTransferencia.explicacaoSolicitante' : 'pedidosTransferencia.explicacaoFornecedora')}
      acoes={
        visao === 'solicitante' && pode('solicitacaoPedidoTransferencia', 'criar') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo('1')} data-testid="pedido-novo">
            {t('pedidosTransferencia.nova')}
          </Button>
        ) : undefined
      }
    >
      <Tabs value={tela} onChange={trocar}>
        <Tabs.List>
          <Tabs.Tab value="solicitacaoPedidoTransferencia" data-testid="pedido-aba-solicitacoes">
            {t('pedidosTransferencia.abaSolicitacoes')}
          </Tabs.Tab>
          <Tabs.Tab value="estoquePedidoTransferencia" data-testid="pedido-aba-atender">
            {t('pedidosTransferencia.abaAtender')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Paper withBorder p="md" radius="md">
        <Select
          label={t('transferencias.situacao')}
          data={statusPedidoTransferencia.map((s) => ({ value: s, label: rotulosStatusPedidoTransferencia[s] }))}
          value={filtro.status}
          onChange={(v) => setStatus(v)}
          placeholder={t('transferencias.todasSituacoes')}
          clearable
          w={240}
          data-testid="pedido-filtro-status"
        />
      </Paper>
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.length === 0 && t('pedidosTransferencia.nenhum')} vazioAjuda={t(visao === 'solicitante' ? 'pedidosTransferencia.nenhumAjudaSolicitante' : 'pedidosTransferencia.nenhumAjudaFornecedora')}>
        {(pedidos) => (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={860}>
              <Table highlightOnHover data-testid="pedido-lista">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('transferencias.numero')}</Table.Th>
                    <Table.Th>{t('transferencias.situacao')}</Table.Th>
                    <Table.Th>{t('pedidosTransferencia.solicitadoEm')}</Table.Th>
                    <Table.Th>{visao === 'solicitante' ? t('pedidosTransferencia.lojaFornecedora') : t('pedidosTransferencia.lojaSolicitante')}</Table.Th>
                    <Table.Th ta="right">{t('transferencias.itens')}</Table.Th>
                    <Table.Th>{t('pedidosTransferencia.solicitadoPor')}</Table.Th>
                    <Table.Th>{t('pedidosTransferencia.transferencia')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pedidos.map((p) => (
                    <Table.Tr key={p._id} data-testid="pedido-item" style={{ cursor: 'pointer' }} onClick={() => setAberto(p._id)}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" onClick={() => setAberto(p._id)} data-testid="pedido-abrir">
                          {p.numero}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={corStatusPedido[p.status]} variant="light" data-testid="pedido-item-status">
                          {rotulosStatusPedidoTransferencia[p.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dataHora(p.solicitadoEm)}</Table.Td>
                      <Table.Td>{visao === 'solicitante' ? p.empresaFornecedoraNome : p.empresaSolicitanteNome}</Table.Td>
                      <Table.Td ta="right">{p.linhas}</Table.Td>
                      <Table.Td>{p.solicitadoPor}</Table.Td>
                      <Table.Td>
                        {p.transferenciaNumero ? (
                          <Text size="sm">{t('pedidosTransferencia.transferenciaN', { numero: p.transferenciaNumero })}</Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </EstadoRelatorio>
      {aberto ? <PedidoDetalhe id={aberto} visao={visao} onFechar={() => setAberto(null)} /> : null}
      <GavetaLateral aberta={novo === '1'} fechar={() => setNovo(null)} titulo={t('pedidosTransferencia.nova')} testid="pedido-nova-gaveta">
        {() => (
          <NovaSolicitacao
            onCriada={(p) => {
              void queryClient.invalidateQueries({ queryKey: ['pedidosTransferencia'] });
              notifications.show({ color: 'green', message: t('pedidosTransferencia.solicitadoAviso', { numero: p.numero }) });
              setNovo(null);
            }}
          />
        )}
      </GavetaLateral>
    </PaginaRelatorio>
  );
}
