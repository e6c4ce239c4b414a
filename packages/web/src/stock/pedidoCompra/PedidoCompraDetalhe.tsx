import { Alert, Anchor, Badge, Button, Drawer, Group, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Timeline, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { breakpoints, qtd, reais } from '@retaguarda/domain';
import { IconCircleCheck, IconLock, IconMail, IconPackageImport, IconPencil, IconSend, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { useUrlParam } from '../../app/useUrlParams.ts';
import { formatData } from '../../resources/format.ts';
import { BotaoVoltar, DocumentoCarregando } from '../DocumentoVoltar.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora, formatCusto, formatQtd } from '../formatoEstoque.ts';
import { acoesDoPedido, corStatusPedido, faltaDaLinha, precisaAprovacao } from './pedidoCompra.ts';
import { pedidoCompraApi, pedidoCompraKeys, type DetalhePedido, type EventoPedido } from './pedidoCompraApi.ts';
import { PedidoCompraForm } from './PedidoCompraForm.tsx';
import { RecebimentoDialog } from './RecebimentoDialog.tsx';

function Dado({ rotulo, children, testid }: { rotulo: string; children: ReactNode; testid?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {rotulo}
      </Text>
      <Text size="sm" fw={500} data-testid={testid}>
        {children}
      </Text>
    </div>
  );
}

type Confirmacao = 'enviar' | 'aprovar' | 'email' | 'encerrar' | 'cancelar';
const comMotivo = (c: Confirmacao | null) => c === 'cancelar' || c === 'encerrar';

/**
 * One purchase order: supplier, delivery, its lines with what was ordered, received and is still due, the
 * divergences of each receipt, the receipts, who did what when, and the actions its state allows (edit the
 * draft, mark as sent, receive, cancel with a reason).
 */
export function PedidoCompraDetalhe({ id, onVoltar }: { id: string; onVoltar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const { pode } = usePermissoes();
  const queryClient = useQueryClient();
  const chave = pedidoCompraKeys.detalhe(empresa, id);
  const detalhe = useQuery({ queryKey: chave, queryFn: ({ signal }) => pedidoCompraApi.detalhe(id, signal), enabled: Boolean(empresa) });
  const pedido = detalhe.data;
  const [receberAberto, setReceber] = useUrlParam('receber');
  const [editarAberto, setEditar] = useUrlParam('editar');
  const [confirmar, setConfirmar] = useState<Confirmacao | null>(null);
  const [motivo, setMotivo] = useState('');
  const [para, setPara] = useState('');
  const [erroConfirmacao, setErroConfirmacao] = useState<string | null>(null);

  const atualizado = (novo: DetalhePedido) => {
    queryClient.setQueryData(chave, novo);
    void queryClient.invalidateQueries({ queryKey: [...pedidoCompraKeys.todos(empresa), 'lista'] });
    // The stock reports read the balances a receipt changed.
    void queryClient.invalidateQueries({ queryKey: ['relatorioEstoqueProduto'] });
    void queryClient.invalidateQueries({ queryKey: ['relatorioEstoqueFluxo'] });
  };
  const fechar = () => {
    setConfirmar(null);
    setMotivo('');
    setErroConfirmacao(null);
  };
  const acao = useMutation({
    mutationFn: (c: Confirmacao) => {
      if (c === 'enviar') return pedidoCompraApi.enviar(id);
      if (c === 'aprovar') return pedidoCompraApi.aprovar(id);
      if (c === 'email') return pedidoCompraApi.email(id, para.trim() || null);
      return c === 'encerrar' ? pedidoCompraApi.encerrar(id, motivo.trim()) : pedidoCompraApi.cancelar(id, motivo.trim());
    },
    onSuccess: (novo, c) => {
      notifications.show({ color: 'green', message: t(c === 'enviar' && novo.status === 'aguardandoAprovacao' ? 'pedidoCompra.aguardandoOk' : `pedidoCompra.${c}Ok`, { numero: novo.numero, para: para.trim() || novo.fornecedorEmail }) });
      atualizado(novo);
      fechar();
    },
    onError: (e) => setErroConfirmacao(e.message),
  });

  if (!pedido) {
    return (
      <DocumentoCarregando rotulo={t('pedidoCompra.voltar')} onVoltar={onVoltar} erro={detalhe.error} />
    );
  }

  const acoes = acoesDoPedido(pedido);
  const editar = pode('estoquePedidoCompra', 'editar');
  const aprovar = pode('estoquePedidoCompra', 'aprovar');
  // Each line's divergences over every receipt, to show beside it.
  const divergencias = pedido.itens.map((_, n) => pedido.recebimentos.flatMap((r) => r.itens.filter((i) => i.linha === n).map((i) => ({ numero: r.numero, ...i.divergencias }))).filter((d) => d.quantidade || d.precoUnitario));
  const evento = (e: EventoPedido) => t(`pedidoCompra.evento_${e.tipo}`, { numero: e.numero, valor: e.valor !== undefined ? reais(e.valor) : '', motivo: e.motivo ?? '', para: e.para ?? '' });
  const textoConfirmacao = (c: Confirmacao) =>
    c === 'enviar' && precisaAprovacao(pedido) ? t('pedidoCompra.enviarAprovacaoTexto', { limite: reais(pedido.limiteAprovacao ?? 0) }) : t(`pedidoCompra.${c}Texto`);

  return (
    <Stack gap="md" maw={1400} data-testid="pedido-detalhe">
      <BotaoVoltar rotulo={t('pedidoCompra.voltar')} onVoltar={onVoltar} testid="pedido-voltar" />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={2}>{t('pedidoCompra.tituloDetalhe', { numero: pedido.numero })}</Title>
          <Badge color={corStatusPedido[pedido.status]} variant="light" size="lg" data-testid="pedido-status">
            {t(`pedidoCompra.status_${pedido.status}`)}
          </Badge>
        </Group>
        {editar || aprovar ? (
          <Group gap="xs">
            {acoes.aprovar && aprovar ? (
              <Button color="green" leftSection={<IconCircleCheck size={16} />} onClick={() => setConfirmar('aprovar')} data-testid="pedido-aprovar">
                {t('pedidoCompra.aprovar')}
              </Button>
            ) : null}
            {acoes.editar && editar ? (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditar('1')} data-testid="pedido-editar">
                {t('pedidoCompra.editar')}
              </Button>
            ) : null}
            {acoes.enviar && editar ? (
              <Button leftSection={<IconSend size={16} />} onClick={() => setConfirmar('enviar')} data-testid="pedido-enviar">
                {t('pedidoCompra.enviar')}
              </Button>
            ) : null}
            {acoes.receber && editar ? (
              <Button leftSection={<IconPackageImport size={16} />} onClick={() => setReceber('1')} data-testid="pedido-receber">
                {t('pedidoCompra.receber')}
              </Button>
            ) : null}
            {acoes.email && editar ? (
              <Button
                variant="default"
                leftSection={<IconMail size={16} />}
                onClick={() => {
                  setPara(pedido.fornecedorEmail ?? '');
                  setConfirmar('email');
                }}
                data-testid="pedido-email"
              >
                {t('pedidoCompra.email')}
              </Button>
            ) : null}
            {acoes.encerrar && editar ? (
              <Button variant="default" leftSection={<IconLock size={16} />} onClick={() => setConfirmar('encerrar')} data-testid="pedido-encerrar">
                {t('pedidoCompra.encerrar')}
              </Button>
            ) : null}
            {acoes.cancelar && editar ? (
              <Button color="red" variant="subtle" leftSection={<IconX size={16} />} onClick={() => setConfirmar('cancelar')} data-testid="pedido-cancelar">
                {t('pedidoCompra.cancelar')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          <Dado rotulo={t('pedidoCompra.fornecedor')} testid="pedido-fornecedor-nome">
            {pedido.fornecedorNome}
          </Dado>
          <Dado rotulo={t('pedidoCompra.previsaoEntrega')}>{pedido.previsaoEntrega ? formatData(pedido.previsaoEntrega) : '—'}</Dado>
          <Dado rotulo={t('pedidoCompra.valor')} testid="pedido-valor">
            {reais(pedido.valor)}
          </Dado>
          <Dado rotulo={t('pedidoCompra.recebido')} testid="pedido-valor-recebido">
            {reais(pedido.recebimentos.reduce((s, r) => s + r.valor, 0))}
          </Dado>
        </SimpleGrid>
        {pedido.status === 'aguardandoAprovacao' ? (
          <Alert color="orange" mt="sm" p="xs" data-testid="pedido-aguardando">
            {t(aprovar ? 'pedidoCompra.aguardandoVoce' : 'pedidoCompra.aguardandoOutro', { limite: reais(pedido.limiteAprovacao ?? 0) })}
          </Alert>
        ) : null}
        {pedido.status === 'encerrado' && pedido.motivoEncerramento ? (
          <Text size="sm" mt="sm">
            <b>{t('pedidoCompra.motivoEncerramento')}:</b> {pedido.motivoEncerramento}
          </Text>
        ) : null}
        {pedido.observacao ? (
          <Text size="sm" mt="sm">
            <b>{t('pedidoCompra.observacao')}:</b> {pedido.observacao}
          </Text>
        ) : null}
      </Paper>

      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={980}>
          <Table striped data-testid="pedido-itens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pedidoCompra.produto')}</Table.Th>
                <Table.Th>{t('pedidoCompra.unidade')}</Table.Th>
                <Table.Th ta="right">{t('pedidoCompra.fator')}</Table.Th>
                <Table.Th ta="right">{t('pedidoCompra.pedido')}</Table.Th>
                <Table.Th ta="right">{t('pedidoCompra.preco')}</Table.Th>
                <Table.Th ta="right">{t('pedidoCompra.totalLinha')}</Table.Th>
                <Table.Th ta="right">{t('pedidoCompra.recebidoAte')}</Table.Th>
                <Table.Th ta="right">{t('pedidoCompra.falta')}</Table.Th>
                <Table.Th>{t('pedidoCompra.divergencias')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pedido.itens.map((l, n) => (
                <Table.Tr key={n} data-testid="pedido-item">
                  <Table.Td>{l.descricao}</Table.Td>
                  <Table.Td>{l.unidade ?? '—'}</Table.Td>
                  <Table.Td ta="right">{formatQtd(l.fator)}</Table.Td>
                  <Table.Td ta="right">{formatQtd(l.quantidade)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCusto(l.precoUnitario)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {reais(l.valor)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="pedido-item-recebido">
                    {formatQtd(l.quantidadeRecebida)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="pedido-item-falta" c={qtd(faltaDaLinha(pedido, l)) > 0n && pedido.status !== 'rascunho' ? 'orange' : undefined}>
                    {formatQtd(faltaDaLinha(pedido, l))}
                  </Table.Td>
                  <Table.Td data-testid="pedido-item-divergencias">
                    {divergencias[n]!.map((d) => (
                      <Text key={d.numero} size="xs" c="orange">
                        {t('pedidoCompra.recebimentoN', { numero: d.numero })}: {[d.quantidade ? t('pedidoCompra.divergenciaQuantidade', { quantidade: formatQtd(d.quantidade, l.unidade) }) : null, d.precoUnitario ? t('pedidoCompra.divergenciaPreco', { preco: formatCusto(d.precoUnitario), pedido: formatCusto(l.precoUnitario) }) : null].filter(Boolean).join(' · ')}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="sm">
          <Text fw={600} mb="xs">
            {t('pedidoCompra.recebimentos')}
          </Text>
          {pedido.recebimentos.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('pedidoCompra.semRecebimentos')}
            </Text>
          ) : (
            <Table data-testid="pedido-recebimentos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('pedidoCompra.numero')}</Table.Th>
                  <Table.Th>{t('pedidoCompra.quando')}</Table.Th>
                  <Table.Th>{t('pedidoCompra.local')}</Table.Th>
                  <Table.Th>{t('pedidoDaNota.documento')}</Table.Th>
                  <Table.Th ta="right">{t('pedidoCompra.valorRecebimento')}</Table.Th>
                  <Table.Th>{t('pedidoCompra.por')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pedido.recebimentos.map((r) => (
                  <Table.Tr key={r._id} data-testid="pedido-recebimento">
                    <Table.Td>{r.numero}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dataHora(r.ocorridoEm)}</Table.Td>
                    <Table.Td>{r.localDescricao}</Table.Td>
                    <Table.Td data-testid="pedido-recebimento-nota">
                      {r.entrada ? (
                        <Anchor component={Link} to={`/entradaNotaFiscal?entrada=${encodeURIComponent(r.entrada)}`} size="sm">
                          {t('pedidoDaNota.nota', { numero: r.notaNumero })}
                        </Anchor>
                      ) : (
                        t('pedidoDaNota.manual')
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {reais(r.valor)}
                    </Table.Td>
                    <Table.Td>{r.usuario}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text fw={600} mb="xs">
            {t('pedidoCompra.historico')}
          </Text>
          <Timeline bulletSize={14} lineWidth={2} data-testid="pedido-historico">
            {pedido.historico.map((e, i) => (
              <Timeline.Item key={i} title={evento(e)} data-testid="pedido-evento">
                <Text size="xs" c="dimmed">
                  {dataHora(e.em)}
                  {e.quem ? ` · ${t('pedidoCompra.porQuem', { quem: e.quem })}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      </SimpleGrid>

      {receberAberto === '1' && acoes.receber && editar ? (
        <RecebimentoDialog
          pedido={pedido}
          onFechar={() => setReceber(null)}
          onRecebido={(novo) => {
            atualizado(novo);
            setReceber(null);
          }}
        />
      ) : null}

      <Drawer
        opened={editarAberto === '1' && acoes.editar && editar}
        onClose={() => setEditar(null)}
        position="right"
        size={estreito ? '100%' : 'xl'}
        title={<Text fw={600} size="lg">{t('pedidoCompra.editarTitulo', { numero: pedido.numero })}</Text>}
        closeButtonProps={{ 'aria-label': t('pedidoCompra.fechar') }}
        data-testid="pedido-editar-drawer"
      >
        {editarAberto === '1' ? (
          <PedidoCompraForm
            pedido={pedido}
            onSalvo={(novo) => {
              atualizado(novo);
              setEditar(null);
            }}
          />
        ) : null}
      </Drawer>

      <ConfirmDialog
        opened={confirmar !== null}
        title={confirmar ? t(`pedidoCompra.${confirmar}Titulo`, { numero: pedido.numero }) : ''}
        okLabel={confirmar ? t(`pedidoCompra.${confirmar}Confirmar`) : ''}
        cancelLabel={t('pedidoCompra.voltarSemMudar')}
        okColor={confirmar === 'cancelar' ? 'red' : confirmar === 'aprovar' ? 'green' : undefined}
        okLoading={acao.isPending}
        onCancel={fechar}
        onOk={() => {
          if (!confirmar) return;
          if (comMotivo(confirmar) && motivo.trim().length < 3) return setErroConfirmacao(t('pedidoCompra.motivoCurto'));
          acao.mutate(confirmar);
        }}
        testIds={{ dialogo: 'pedido-confirmar', ok: 'pedido-confirmar-ok', cancelar: 'pedido-confirmar-cancelar' }}
      >
        <Stack gap="sm">
          {confirmar ? <Text size="sm">{textoConfirmacao(confirmar)}</Text> : null}
          {confirmar === 'email' ? (
            <TextInput
              label={t('pedidoCompra.emailPara')}
              description={pedido.fornecedorEmail ? undefined : t('pedidoCompra.semEmail')}
              value={para}
              onChange={(e) => {
                setPara(e.currentTarget.value);
                setErroConfirmacao(null);
              }}
              type="email"
              data-testid="pedido-email-para"
            />
          ) : null}
          {comMotivo(confirmar) ? (
            <Textarea
              label={t(confirmar === 'encerrar' ? 'pedidoCompra.motivoEncerramento' : 'pedidoCompra.motivoCancelamento')}
              value={motivo}
              onChange={(e) => {
                setMotivo(e.currentTarget.value);
                setErroConfirmacao(null);
              }}
              autosize
              minRows={2}
              maxLength={300}
              data-testid="pedido-confirmar-motivo"
            />
          ) : null}
          {erroConfirmacao ? (
            <Alert color="red" data-testid="pedido-confirmar-erro">
              {erroConfirmacao}
            </Alert>
          ) : null}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
