import { Alert, Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { custoUnitarioDaProducao, qtd, reais } from '@retaguarda/domain';
import { IconArrowBackUp, IconCheck, IconChevronDown, IconChevronRight, IconPlayerPlay, IconPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { useUrlParam } from '../../app/useUrlParams.ts';
import { formatData } from '../../resources/format.ts';
import { BotaoVoltar, DocumentoCarregando } from '../DocumentoVoltar.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora, formatCusto, formatQtd } from '../formatoEstoque.ts';
import { ApontamentoDialog } from './ApontamentoDialog.tsx';
import { PreviaIngredientes } from './PreviaIngredientes.tsx';
import { acoesDaOrdem, corStatus, progresso, restante } from './producao.ts';
import { producaoApi, producaoKeys, type DetalheProducao } from './producaoApi.ts';

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

type Confirmacao = { tipo: 'iniciar' | 'finalizar' | 'cancelar' } | { tipo: 'estornar'; apontamento: string; numero: number };

/**
 * One production order: what was planned and produced, where from and to, the ingredients the rest
 * of the plan takes (with shortages), its postings with what each consumed, and the actions its
 * status allows (Iniciar, Apontar produção, Finalizar, Cancelar, Estornar apontamento), each confirmed.
 */
export function ProducaoDetalhe({ id, onVoltar }: { id: string; onVoltar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const queryClient = useQueryClient();
  const chave = producaoKeys.detalhe(empresa, id);
  const detalhe = useQuery({ queryKey: chave, queryFn: ({ signal }) => producaoApi.detalhe(id, signal), enabled: Boolean(empresa) });
  const ordem = detalhe.data;
  const [apontarAberto, setApontar] = useUrlParam('apontar');
  const [confirmar, setConfirmar] = useState<Confirmacao | null>(null);
  const [motivo, setMotivo] = useState('');
  const [erroConfirmacao, setErroConfirmacao] = useState<string | null>(null);
  const [abertos, setAbertos] = useState<ReadonlySet<string>>(new Set());
  const falta = ordem ? restante(ordem) : '0.0000';
  const aberta = ordem?.status === 'planejada' || ordem?.status === 'iniciada';
  const previaRestante = useQuery({
    queryKey: [...chave, 'previa', falta],
    queryFn: () => producaoApi.previaApontamento(id, { quantidade: falta }),
    enabled: Boolean(ordem) && aberta && qtd(falta) > 0n,
    retry: false,
  });

  const atualizado = (novo: DetalheProducao) => {
    queryClient.setQueryData(chave, novo);
    void queryClient.invalidateQueries({ queryKey: [...producaoKeys.todos(empresa), 'lista'] });
    void queryClient.invalidateQueries({ queryKey: [...chave, 'previa'] });
    // The stock reports read the balances this changed.
    void queryClient.invalidateQueries({ queryKey: ['relatorioEstoqueProduto'] });
    void queryClient.invalidateQueries({ queryKey: ['relatorioEstoqueFluxo'] });
  };
  const fecharConfirmacao = () => {
    setConfirmar(null);
    setMotivo('');
    setErroConfirmacao(null);
  };
  const acao = useMutation({
    mutationFn: (c: Confirmacao) => {
      if (c.tipo === 'estornar') return producaoApi.estornar(id, c.apontamento, motivo.trim());
      if (c.tipo === 'iniciar') return producaoApi.iniciar(id);
      if (c.tipo === 'finalizar') return producaoApi.finalizar(id);
      return producaoApi.cancelar(id, motivo.trim() || null);
    },
    onSuccess: (novo, c) => {
      notifications.show({ color: 'green', message: t(`estoqueProducao.${c.tipo}Ok`, { numero: c.tipo === 'estornar' ? c.numero : novo.numero }) });
      atualizado(novo);
      fecharConfirmacao();
    },
    onError: (e) => setErroConfirmacao(e.message),
  });

  if (!ordem) {
    return (
      <DocumentoCarregando rotulo={t('estoqueProducao.voltar')} onVoltar={onVoltar} erro={detalhe.error} />
    );
  }

  const acoes = acoesDaOrdem(ordem);
  const editar = pode('estoqueProducaoProdutos', 'editar');
  const custoMedio = qtd(ordem.quantidadeProduzida) > 0n ? custoUnitarioDaProducao(ordem.valorProduzido, ordem.quantidadeProduzida) : null;
  const planejado = ordem.unidadeInformada && ordem.unidadeInformadaSigla !== ordem.unidade
    ? t('estoqueProducao.planejadoEmOutra', { informada: formatQtd(ordem.quantidadeInformada, ordem.unidadeInformadaSigla), estoque: formatQtd(ordem.quantidadePlanejada, ordem.unidade) })
    : formatQtd(ordem.quantidadePlanejada, ordem.unidade);
  const alternar = (ap: string) => setAbertos((a) => {
    const n = new Set(a);
    if (n.has(ap)) n.delete(ap);
    else n.add(ap);
    return n;
  });
  const textoConfirmacao = (c: Confirmacao) => {
    if (c.tipo === 'finalizar') return t('estoqueProducao.finalizarTexto', { produzida: formatQtd(ordem.quantidadeProduzida, ordem.unidade), planejada: formatQtd(ordem.quantidadePlanejada, ordem.unidade) });
    return t(`estoqueProducao.${c.tipo}Texto`);
  };

  return (
    <Stack gap="md" maw={1400} data-testid="producao-detalhe">
      <BotaoVoltar rotulo={t('estoqueProducao.voltar')} onVoltar={onVoltar} testid="producao-voltar" />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="sm" align="center">
            <Title order={2}>{t('estoqueProducao.tituloDetalhe', { numero: ordem.numero, produto: ordem.descricao ?? '' })}</Title>
            <Badge color={corStatus[ordem.status]} variant="light" size="lg" data-testid="producao-status">
              {t(`estoqueProducao.status_${ordem.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('estoqueProducao.criadaPorEm', { quem: ordem.criadoPor ?? '', quando: dataHora(ordem.criadoEm) })}
          </Text>
        </div>
        {editar ? (
          <Group gap="xs">
            {acoes.iniciar ? (
              <Button variant="default" leftSection={<IconPlayerPlay size={16} />} onClick={() => setConfirmar({ tipo: 'iniciar' })} data-testid="producao-iniciar">
                {t('estoqueProducao.iniciar')}
              </Button>
            ) : null}
            {acoes.apontar ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setApontar('1')} data-testid="producao-apontar">
                {t('estoqueProducao.apontarProducao')}
              </Button>
            ) : null}
            {acoes.finalizar ? (
              <Button color="green" variant="light" leftSection={<IconCheck size={16} />} onClick={() => setConfirmar({ tipo: 'finalizar' })} data-testid="producao-finalizar">
                {t('estoqueProducao.finalizar')}
              </Button>
            ) : null}
            {acoes.cancelar ? (
              <Button color="red" variant="subtle" leftSection={<IconX size={16} />} onClick={() => setConfirmar({ tipo: 'cancelar' })} data-testid="producao-cancelar">
                {t('estoqueProducao.cancelarOrdem')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          <Dado rotulo={t('estoqueProducao.planejado')} testid="producao-planejado">
            {planejado}
          </Dado>
          <Dado rotulo={t('estoqueProducao.produzido')} testid="producao-produzido">
            {formatQtd(ordem.quantidadeProduzida, ordem.unidade)}
            <Progress value={progresso(ordem.quantidadeProduzida, ordem.quantidadePlanejada)} color={corStatus[ordem.status]} size="sm" mt={4} aria-label={t('estoqueProducao.progresso')} />
          </Dado>
          <Dado rotulo={t('estoqueProducao.valorProduzido')} testid="producao-valor">
            {reais(ordem.valorProduzido)}
            {custoMedio ? (
              <Text span size="xs" c="dimmed">
                {' '}
                ({formatCusto(custoMedio)} / {ordem.unidade})
              </Text>
            ) : null}
          </Dado>
          <Dado rotulo={t('estoqueProducao.dataPlanejada')}>{formatData(ordem.dataPlanejada)}</Dado>
          <Dado rotulo={t('estoqueProducao.localOrigem')}>{ordem.localOrigemDescricao}</Dado>
          <Dado rotulo={t('estoqueProducao.localDestino')}>{ordem.localDestinoDescricao}</Dado>
          {ordem.empresaDestino ? (
            <Dado rotulo={t('estoqueProducao.empresaDestino')} testid="producao-destino">
              {t('estoqueProducao.lojaELocal', { loja: ordem.empresaDestinoNome ?? '', local: ordem.localEmpresaDestinoDescricao ?? '' })}
            </Dado>
          ) : null}
          {ordem.finalizadaEm ? <Dado rotulo={t('estoqueProducao.finalizadaEm')}>{dataHora(ordem.finalizadaEm)}</Dado> : null}
          {ordem.canceladaEm ? (
            <Dado rotulo={t('estoqueProducao.canceladaEm')}>
              {dataHora(ordem.canceladaEm)}
              {ordem.motivoCancelamento ? ` · ${ordem.motivoCancelamento}` : ''}
            </Dado>
          ) : null}
        </SimpleGrid>
        {ordem.observacao ? (
          <Text size="sm" mt="sm">
            <b>{t('estoqueProducao.observacao')}:</b> {ordem.observacao}
          </Text>
        ) : null}
      </Paper>

      {aberta && qtd(falta) > 0n ? (
        previaRestante.data ? (
          <PreviaIngredientes previa={previaRestante.data} testid="producao-previa-restante" titulo={t('estoqueProducao.previaRestante', { quantidade: formatQtd(previaRestante.data.quantidade, previaRestante.data.unidade) })} />
        ) : previaRestante.error ? (
          <Alert color="red">{previaRestante.error.message}</Alert>
        ) : null
      ) : null}

      <Paper withBorder radius="md">
        <Text fw={600} p="sm" pb={0}>
          {t('estoqueProducao.apontamentos')}
        </Text>
        {ordem.apontamentos.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm" data-testid="producao-sem-apontamentos">
            {t('estoqueProducao.semApontamentos')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover data-testid="producao-apontamentos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('estoqueProducao.numero')}</Table.Th>
                  <Table.Th>{t('estoqueProducao.quando')}</Table.Th>
                  <Table.Th ta="right">{t('estoqueProducao.quantidade')}</Table.Th>
                  <Table.Th ta="right">{t('estoqueProducao.custoUnitario')}</Table.Th>
                  <Table.Th ta="right">{t('estoqueProducao.valor')}</Table.Th>
                  <Table.Th>{t('estoqueProducao.por')}</Table.Th>
                  <Table.Th>{t('estoqueProducao.situacao')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ordem.apontamentos.map((ap) => (
                  <Fragment key={ap._id}>
                    <Table.Tr data-testid="producao-apontamento" style={ap.estornadoEm ? { opacity: 0.6 } : undefined}>
                      <Table.Td>
                        <Button variant="subtle" size="compact-sm" px={4} leftSection={abertos.has(ap._id) ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />} onClick={() => alternar(ap._id)} aria-expanded={abertos.has(ap._id)} aria-label={t('estoqueProducao.verConsumo', { numero: ap.numero })}>
                          {ap.numero}
                        </Button>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dataHora(ap.ocorridoEm)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatQtd(ap.quantidade, ordem.unidade)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatCusto(ap.custoUnitario)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {reais(ap.valor)}
                      </Table.Td>
                      <Table.Td>{ap.usuario}</Table.Td>
                      <Table.Td>
                        {ap.estornadoEm ? (
                          <Badge color="red" variant="light" title={t('estoqueProducao.estornadoEm', { quando: dataHora(ap.estornadoEm), quem: ap.estornadoPor ?? '', motivo: ap.motivoEstorno ?? '' })} data-testid="producao-apontamento-estornado">
                            {t('estoqueProducao.estornado')}
                          </Badge>
                        ) : ap.finalizou ? (
                          <Badge color="green" variant="light">
                            {t('estoqueProducao.finalizou')}
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">
                        {editar && !ap.estornadoEm && ordem.status !== 'cancelada' ? (
                          <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconArrowBackUp size={14} />} onClick={() => setConfirmar({ tipo: 'estornar', apontamento: ap._id, numero: ap.numero })} data-testid="producao-estornar">
                            {t('estoqueProducao.estornar')}
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                    {abertos.has(ap._id) ? (
                      <Table.Tr>
                        <Table.Td colSpan={8} data-testid="producao-apontamento-consumo">
                          <Text size="xs" c="dimmed" mb={4}>
                            {t('estoqueProducao.consumiu')}
                            {ap.observacao ? ` · ${ap.observacao}` : ''}
                            {ap.estornadoEm && ap.motivoEstorno ? ` · ${t('estoqueProducao.motivoEstornoTexto', { motivo: ap.motivoEstorno })}` : ''}
                          </Text>
                          <Group gap="lg" wrap="wrap">
                            {ap.consumos.map((c) => (
                              <Text key={c.produto} size="sm">
                                {c.descricao} <b>{formatQtd(c.quantidade, c.unidade)}</b> · {reais(c.valor)}
                              </Text>
                            ))}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {apontarAberto === '1' && acoes.apontar && editar ? (
        <ApontamentoDialog
          ordem={ordem}
          onFechar={() => setApontar(null)}
          onApontado={(novo) => {
            atualizado(novo);
            setApontar(null);
          }}
        />
      ) : null}

      <ConfirmDialog
        opened={confirmar !== null}
        title={confirmar ? t(`estoqueProducao.${confirmar.tipo}Titulo`, { numero: confirmar.tipo === 'estornar' ? confirmar.numero : ordem.numero }) : ''}
        okLabel={confirmar ? t(`estoqueProducao.${confirmar.tipo}Confirmar`) : ''}
        cancelLabel={t('estoqueProducao.voltarSemMudar')}
        okColor={confirmar?.tipo === 'cancelar' || confirmar?.tipo === 'estornar' ? 'red' : undefined}
        okLoading={acao.isPending}
        onCancel={fecharConfirmacao}
        onOk={() => {
          if (!confirmar) return;
          if (confirmar.tipo === 'estornar' && motivo.trim().length < 3) return setErroConfirmacao(t('estoqueProducao.motivoCurto'));
          acao.mutate(confirmar);
        }}
        testIds={{ dialogo: 'producao-confirmar', ok: 'producao-confirmar-ok', cancelar: 'producao-confirmar-cancelar' }}
      >
        <Stack gap="sm">
          {confirmar ? <Text size="sm">{textoConfirmacao(confirmar)}</Text> : null}
          {confirmar?.tipo === 'cancelar' || confirmar?.tipo === 'estornar' ? (
            <Textarea
              label={t(confirmar.tipo === 'estornar' ? 'estoqueProducao.motivoEstorno' : 'estoqueProducao.motivoCancelamento')}
              value={motivo}
              onChange={(e) => {
                setMotivo(e.currentTarget.value);
                setErroConfirmacao(null);
              }}
              autosize
              minRows={2}
              maxLength={300}
              data-testid="producao-confirmar-motivo"
            />
          ) : null}
          {erroConfirmacao ? (
            <Alert color="red" data-testid="producao-confirmar-erro">
              {erroConfirmacao}
            </Alert>
          ) : null}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
