import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { contaPadrao, dataBr, reais, type EntradaNotaFiscal, type ItemEntrada } from '@retaguarda/domain';
import { IconArrowLeft, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpcoesPlano } from '../../finance/movimentacao/financeiroApi.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { EstadoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora, formatCusto, formatQtd, lerQuantidade } from '../../stock/formatoEstoque.ts';
import { ProdutoEstoqueInput } from '../../stock/ProdutoEstoqueInput.tsx';
import { corSituacao, entradaApi, entradaKeys, urlDanfe } from './entradaApi.ts';
import { EventosDaNota } from '../eventos/EventosDaNota.tsx';
import { PedidoDoItem } from './PedidoDoItem.tsx';
import { GerarNotaFiscal } from '../emissao/GerarNotaFiscal.tsx';

/** One imported note: its items with the product each one is, the location, posting and reversal. */
export function EntradaDetalhe({ id, onVoltar }: { id: string; onVoltar: () => void }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const queryClient = useQueryClient();
  const chave = entradaKeys.detalhe(empresa, id);
  const entrada = useQuery({ queryKey: chave, queryFn: ({ signal }) => entradaApi.detalhe(id, signal), enabled: Boolean(empresa) });
  const locais = useOpcoesReferencia('estoqueCadastro', { ativo: true }).data ?? [];
  const planos = (useOpcoesPlano().data ?? []).filter((p) => p.ativo);
  const [local, setLocal] = useState<string | null>(null);
  // Supplies for the kitchen by default (the server's default too); equipment or packaging go elsewhere.
  const [planoConta, setPlanoConta] = useState<string | null>(contaPadrao('3.01')._id);
  // The tax credit of this posting: the company's default (its fiscal settings) until the user changes it.
  const [creditar, setCreditar] = useState<boolean | null>(null);
  const [motivo, setMotivo] = useState('');
  const [estornando, setEstornando] = useState(false);

  const atualizar = (e: EntradaNotaFiscal) => {
    queryClient.setQueryData(chave, e);
    void queryClient.invalidateQueries({ queryKey: entradaKeys.todos(empresa), predicate: (q) => q.queryKey[2] === 'lista' });
  };
  const falhou = (erro: Error) => notifications.show({ color: 'red', message: erro.message });
  const abertas = useQuery({ queryKey: [...chave, 'pedidos'], queryFn: ({ signal }) => entradaApi.pedidos(id, signal), enabled: Boolean(empresa) && entrada.data?.situacao === 'pendente' });
  const vincular = useMutation({ mutationFn: (c: { numero: number; pedido: string | null; linha?: number }) => entradaApi.vincularPedido(id, c.numero, c), onSuccess: atualizar, onError: falhou });
  const corresponder = useMutation({ mutationFn: (c: { numero: number; produto: string; fator?: string | null }) => entradaApi.corresponder(id, c.numero, c), onSuccess: atualizar, onError: falhou });
  const lancar = useMutation({
    mutationFn: (l: string) => entradaApi.lancar(id, { local: l, ...(planoConta ? { planoConta } : {}), ...(entrada.data?.creditoPermitido ? { creditarImpostos: creditar ?? entrada.data.creditarImpostos } : {}) }),
    onSuccess: (e) => {
      atualizar(e);
      // Stock and payables changed: the screens that show them ask again.
      void queryClient.invalidateQueries({ queryKey: ['financeiroAgenda'] });
      notifications.show({ color: 'green', message: t('entradaNotaFiscal.sucessoLancar') });
    },
    onError: falhou,
  });
  const estornar = useMutation({
    mutationFn: () => entradaApi.estornar(id, motivo),
    onSuccess: (e) => {
      atualizar(e);
      setEstornando(false);
      void queryClient.invalidateQueries({ queryKey: ['financeiroAgenda'] });
      notifications.show({ color: 'green', message: t('entradaNotaFiscal.sucessoEstornar') });
    },
    onError: falhou,
  });

  return (
    <Stack gap="md" maw={1400} data-testid="entrada-detalhe">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onVoltar} data-testid="entrada-voltar">
          {t('entradaNotaFiscal.voltar')}
        </Button>
      </Group>
      <EstadoRelatorio erro={entrada.error} dados={entrada.data}>
        {(e) => {
          const semProduto = e.itens.filter((i) => !i.produto).length;
          const pendente = e.situacao === 'pendente';
          const localEscolhido = local ?? e.local;
          return (
            <>
              <Group justify="space-between" align="flex-start">
                <div>
                  <Title order={2}>{t('entradaNotaFiscal.tituloDetalhe', { numero: e.numero, serie: e.serie })}</Title>
                  <Text fw={500}>{e.fornecedorNome ?? e.emitenteNome}</Text>
                  <Text size="sm" c="dimmed">
                    {t('entradaNotaFiscal.emissao')}: {dataBr(e.emissao.slice(0, 10))} · {t('entradaNotaFiscal.valor')}: <span data-testid="entrada-valor">{reais(e.valorTotal)}</span>
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {t('entradaNotaFiscal.chave')}: {e.chave}
                  </Text>
                </div>
                <Group gap="sm">
                  <Button variant="default" leftSection={<IconFileTypePdf size={16} />} component="a" href={urlDanfe(e._id)} target="_blank" rel="noopener" data-testid="entrada-danfe">
                    {t('entradaNotaFiscal.danfe')}
                  </Button>
                  {e.situacao === 'lancada' ? <GerarNotaFiscal origem="entrada" id={e._id} /> : null}
                  <Badge size="lg" color={corSituacao[e.situacao]} variant="light" data-testid="entrada-detalhe-situacao">
                    {t(`entradaNotaFiscal.situacao_${e.situacao}`)}
                  </Badge>
                </Group>
              </Group>
              {e.canceladaEm ? <Alert color="red">{e.situacao === 'lancada' ? t('entradaNotaFiscal.canceladaLancada') : t('entradaNotaFiscal.canceladaAviso')}</Alert> : null}
              {e.avisos.length ? (
                <Alert color="yellow" title={t('entradaNotaFiscal.avisos')}>
                  {e.avisos.map((a) => <Text key={a} size="sm">{a}</Text>)}
                </Alert>
              ) : null}

              {pendente && pode('entradaNotaFiscal', 'editar') ? (
                <Paper withBorder radius="md" p="md">
                  {semProduto ? <Alert color="orange" mb="sm" data-testid="entrada-faltam">{t('entradaNotaFiscal.semProduto', { n: semProduto })}</Alert> : null}
                  <Group align="flex-end">
                    <Select
                      label={t('entradaNotaFiscal.local')}
                      placeholder={t('entradaNotaFiscal.escolhaLocal')}
                      data={locais.map((l) => ({ value: l.value, label: l.label }))}
                      value={localEscolhido}
                      onChange={setLocal}
                      w={300}
                      data-testid="entrada-local"
                    />
                    <Select
                      label={t('entradaNotaFiscal.planoConta')}
                      data={planos.map((p) => ({ value: p.value, label: p.label }))}
                      value={planoConta}
                      onChange={setPlanoConta}
                      searchable
                      w={300}
                      data-testid="entrada-plano-conta"
                    />
                    {entrada.data?.creditoPermitido ? (
                      <Checkbox
                        label={t('entradaNotaFiscal.creditarImpostos')}
                        description={t('entradaNotaFiscal.creditarImpostosAjuda')}
                        checked={creditar ?? entrada.data.creditarImpostos}
                        onChange={(e) => setCreditar(e.currentTarget.checked)}
                        maw={320}
                        data-testid="entrada-creditar"
                      />
                    ) : null}
                    <Button disabled={!localEscolhido || semProduto > 0} loading={lancar.isPending} onClick={() => localEscolhido && lancar.mutate(localEscolhido)} data-testid="entrada-lancar">
                      {t('entradaNotaFiscal.lancar')}
                    </Button>
                  </Group>
                </Paper>
              ) : null}
              <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
                <Table striped highlightOnHover miw={1240} data-testid="entrada-itens">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>#</Table.Th>
                      <Table.Th>{t('entradaNotaFiscal.codigo')}</Table.Th>
                      <Table.Th>{t('entradaNotaFiscal.descricao')}</Table.Th>
                      <Table.Th ta="right">{t('entradaNotaFiscal.quantidade')}</Table.Th>
                      <Table.Th ta="right">{t('entradaNotaFiscal.custo')}</Table.Th>
                      <Table.Th w={360}>{t('entradaNotaFiscal.produto')}</Table.Th>
                      <Table.Th w={260} title={t('pedidoDaNota.ajuda')}>{t('pedidoDaNota.coluna')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {e.itens.map((i) => (
                      <LinhaItem key={i.numero} item={i} editavel={pendente && pode('entradaNotaFiscal', 'editar')} onEscolher={(c) => corresponder.mutate({ numero: i.numero, ...c })}>
                        <PedidoDoItem item={i} abertas={abertas.data ?? []} editavel={pendente && pode('entradaNotaFiscal', 'editar')} onEscolher={(v) => vincular.mutate({ numero: i.numero, ...v })} />
                      </LinhaItem>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>

              <Paper withBorder radius="md" p="md" data-testid="entrada-duplicatas">
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>{t('entradaNotaFiscal.duplicatas')}</Text>
                  {e.titulos[0] ? (
                    <Anchor component={Link} to={`/financeiroAgenda?titulo=${encodeURIComponent(e.titulos[0])}`} size="sm" data-testid="entrada-ver-agenda">
                      {t('entradaNotaFiscal.verAgenda')}
                    </Anchor>
                  ) : null}
                </Group>
                {e.duplicatas.length ? (
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('entradaNotaFiscal.parcela')}</Table.Th>
                        <Table.Th>{t('entradaNotaFiscal.vencimento')}</Table.Th>
                        <Table.Th ta="right">{t('entradaNotaFiscal.valor')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {e.duplicatas.map((d, k) => (
                        <Table.Tr key={`${d.numero}-${k}`} data-testid="entrada-duplicata">
                          <Table.Td>{d.numero}</Table.Td>
                          <Table.Td>{dataBr(d.vencimento)}</Table.Td>
                          <Table.Td ta="right">{reais(d.valor)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                ) : (
                  <Text size="sm" c="dimmed">{t('entradaNotaFiscal.semDuplicatas')}</Text>
                )}
              </Paper>

              {e.lancadaEm ? <Text size="sm" data-testid="entrada-lancada-em">{t('entradaNotaFiscal.lancada', { quando: dataHora(e.lancadaEm) })}</Text> : null}
              {e.estornadaEm ? <Text size="sm">{t('entradaNotaFiscal.estornada', { quando: dataHora(e.estornadaEm) })}</Text> : null}
              {e.situacao === 'lancada' && pode('entradaNotaFiscal', 'editar') ? (
                estornando ? (
                  <Group align="flex-end">
                    <TextInput label={t('entradaNotaFiscal.motivoEstorno')} value={motivo} onChange={(ev) => setMotivo(ev.currentTarget.value)} w={360} data-testid="entrada-motivo-estorno" />
                    <Button color="red" loading={estornar.isPending} disabled={motivo.trim().length < 3} onClick={() => estornar.mutate()} data-testid="entrada-confirmar-estorno">
                      {t('entradaNotaFiscal.confirmarEstorno')}
                    </Button>
                  </Group>
                ) : (
                  <Group>
                    <Button variant="light" color="red" onClick={() => setEstornando(true)} data-testid="entrada-estornar">
                      {t('entradaNotaFiscal.estornar')}
                    </Button>
                  </Group>
                )
              ) : null}
              <EventosDaNota rota={`entradaNotaFiscal/${encodeURIComponent(e._id)}/eventos`} />
            </>
          );
        }}
      </EstadoRelatorio>
    </Stack>
  );
}

/** An item of the note; while pending, its product picker (and the factor when the units differ). */
function LinhaItem({ item, editavel, onEscolher, children }: { item: ItemEntrada; editavel: boolean; onEscolher: (c: { produto: string; fator?: string | null }) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const [fator, setFator] = useState('');
  const valor = item.produto ? { id: item.produto, rotulo: item.produtoDescricao ?? item.produto, unidade: item.produtoUnidade } : null;
  return (
    <Table.Tr data-testid="entrada-item" data-sem-produto={item.produto ? undefined : 'true'}>
      <Table.Td>{item.numero}</Table.Td>
      <Table.Td ff="monospace">{item.cProd}</Table.Td>
      <Table.Td>{item.descricao}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatQtd(item.quantidade, item.unidade)}</Table.Td>
      <Table.Td ta="right">
        {reais(item.custo)}
        {item.altaDePreco !== null ? (
          <Text size="xs" c="red" fw={600} data-testid="entrada-alta-preco" title={t('entradaNotaFiscal.altaDePrecoAjuda', { ultimo: formatCusto(item.ultimoCusto), atual: formatCusto(item.custoUnitario), unidade: item.produtoUnidade ?? '' })}>
            {t('entradaNotaFiscal.altaDePreco', { p: item.altaDePreco })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {editavel ? (
          <Stack gap={4}>
            <ProdutoEstoqueInput valor={valor} onChange={(p) => p && onEscolher({ produto: p.id })} testid={`entrada-produto-${item.numero}`} w="100%" />
            {item.produto && !item.fator ? (
              <Group gap={4} align="flex-end" wrap="nowrap">
                <TextInput
                  size="xs"
                  label={t('entradaNotaFiscal.fatorAjuda', { unidade: item.produtoUnidade ?? '', compra: item.unidade })}
                  value={fator}
                  onChange={(e) => setFator(e.currentTarget.value)}
                  data-testid={`entrada-fator-${item.numero}`}
                />
                <Button size="xs" disabled={!lerQuantidade(fator)} onClick={() => onEscolher({ produto: item.produto!, fator: lerQuantidade(fator) })}>
                  {t('entradaNotaFiscal.aplicarFator')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm">{item.produtoDescricao ?? '—'}</Text>
        )}
        {item.fator && item.fator !== '1.000000' ? <Text size="xs" c="dimmed">× {formatQtd(item.fator)} {item.produtoUnidade}</Text> : null}
      </Table.Td>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
