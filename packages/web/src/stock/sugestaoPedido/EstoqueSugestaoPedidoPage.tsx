import { Alert, Badge, Button, Group, NumberInput, Paper, Select, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { dataBr, qtd, reais } from '@retaguarda/domain';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { useUrlParams } from '../../app/useUrlParams.ts';
import { filtroSemAcento } from '../../resources/LocalidadeInput.tsx';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { formatCusto, formatQtd } from '../formatoEstoque.ts';
import { Cartoes } from '../relatorios/Cartoes.tsx';
import { filtroDaUrl, itensParaGerar, linhasVisiveis, quantidadeDaLinha, totaisDaSugestao } from './sugestaoPedido.ts';
import { sugestaoPedidoApi, type LinhaSugestao } from './sugestaoPedidoApi.ts';

/**
 * estoqueSugestaoPedido: what to buy, per product of this store, from its min/max, the consumption by
 * recipe of the last weeks, the open orders and the supplier's lead time (the formula in the help and in
 * packages/domain stock/sugestaoPedido.ts). Filters in the URL; the quantities are editable; "Gerar
 * pedidos" makes one draft purchase order per supplier and opens them.
 */
export default function EstoqueSugestaoPedidoPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { pode } = usePermissoes();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, alterarUrl] = useUrlParams();
  const filtro = useMemo(() => filtroDaUrl(params), [params]);
  const corpo = useMemo(() => ({ local: filtro.local, fornecedor: filtro.fornecedor, agrupador: filtro.agrupador, semanas: filtro.semanas, revisao: filtro.revisao }), [filtro]);
  const sugestao = useQuery({ queryKey: ['estoqueSugestaoPedido', empresa ?? '', corpo], queryFn: ({ signal }) => sugestaoPedidoApi.ler(corpo, signal), enabled: Boolean(empresa) });
  const locais = useOpcoesReferencia('estoqueCadastro').data ?? [];
  const fornecedores = useOpcoesReferencia('pessoa', { fornecedor: true }).data ?? [];
  const agrupadores = useOpcoesReferencia('agrupador').data ?? [];
  const [editadas, setEditadas] = useState<Record<string, string>>({});
  const [erro, setErro] = useState<string | null>(null);

  const alterar = (chave: string, valor: string | null) =>
    alterarUrl((atual) => {
      const proximo = new URLSearchParams(atual);
      if (valor) proximo.set(chave, valor);
      else proximo.delete(chave);
      return proximo;
    });

  const gerar = useMutation({
    mutationFn: () => {
      const { itens, invalidas } = itensParaGerar(sugestao.data?.linhas ?? [], editadas);
      if (invalidas.length) throw new Error(t('sugestaoPedido.quantidadeInvalida', { produtos: invalidas.join(', ') }));
      if (!itens.length) throw new Error(t('sugestaoPedido.nadaAPedir'));
      return sugestaoPedidoApi.gerar(itens);
    },
    onSuccess: ({ pedidos }) => {
      setEditadas({});
      void queryClient.invalidateQueries({ queryKey: ['estoqueSugestaoPedido'] });
      void queryClient.invalidateQueries({ queryKey: ['estoquePedidoCompra'] });
      notifications.show({ color: 'green', message: t('sugestaoPedido.gerados', { count: pedidos.length, numeros: pedidos.map((p) => `nº ${p.numero}`).join(', ') }) });
      navigate(pedidos.length === 1 ? `/estoquePedidoCompra?pedido=${encodeURIComponent(pedidos[0]!._id)}` : '/estoquePedidoCompra?status=rascunho');
    },
    onError: (e) => setErro(isApiError(e) || e instanceof Error ? e.message : String(e)),
  });

  const linhas = linhasVisiveis(sugestao.data?.linhas ?? [], filtro.todos);
  const totais = totaisDaSugestao(linhas, editadas);

  return (
    <PaginaRelatorio
      testid="sugestao-pedido"
      titulo={t('sugestaoPedido.titulo')}
      explicacao={t('sugestaoPedido.explicacao')}
      acoes={
        pode('estoqueSugestaoPedido', 'criar') ? (
          <Button leftSection={<IconShoppingCartPlus size={16} />} onClick={() => (setErro(null), gerar.mutate())} loading={gerar.isPending} disabled={!totais.itens} data-testid="sugestao-gerar">
            {t('sugestaoPedido.gerar')}
          </Button>
        ) : undefined
      }
    >
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <Select label={t('sugestaoPedido.local')} data={locais} value={filtro.local} onChange={(v) => alterar('local', v)} placeholder={t('sugestaoPedido.todaALoja')} clearable w={220} data-testid="sugestao-filtro-local" />
          <Select
            label={t('sugestaoPedido.fornecedor')}
            data={fornecedores}
            value={filtro.fornecedor}
            onChange={(v) => alterar('fornecedor', v)}
            placeholder={t('sugestaoPedido.todosFornecedores')}
            searchable
            clearable
            filter={filtroSemAcento}
            w={260}
            data-testid="sugestao-filtro-fornecedor"
          />
          <Select label={t('sugestaoPedido.grupo')} data={agrupadores} value={filtro.agrupador} onChange={(v) => alterar('agrupador', v)} placeholder={t('sugestaoPedido.todosGrupos')} clearable w={200} data-testid="sugestao-filtro-grupo" />
          <NumberInput label={t('sugestaoPedido.semanas')} value={filtro.semanas ?? sugestao.data?.semanas ?? 8} onChange={(v) => alterar('semanas', typeof v === 'number' && v > 0 ? String(v) : null)} min={1} max={52} allowDecimal={false} w={130} data-testid="sugestao-filtro-semanas" />
          <NumberInput label={t('sugestaoPedido.revisao')} value={filtro.revisao ?? sugestao.data?.revisao ?? 7} onChange={(v) => alterar('revisao', typeof v === 'number' && v >= 0 ? String(v) : null)} min={0} max={90} allowDecimal={false} w={150} data-testid="sugestao-filtro-revisao" />
          <Switch label={t('sugestaoPedido.todos')} checked={filtro.todos} onChange={(e) => alterar('todos', e.currentTarget.checked ? '1' : null)} mb={8} data-testid="sugestao-filtro-todos" />
        </Group>
        {sugestao.data ? (
          <Text size="xs" c="dimmed" mt="xs" data-testid="sugestao-periodo">
            {t('sugestaoPedido.periodo', { de: dataBr(sugestao.data.de), ate: dataBr(sugestao.data.ate), dias: sugestao.data.dias })}
          </Text>
        ) : null}
      </Paper>
      {erro ? <Alert color="red" data-testid="sugestao-erro">{erro}</Alert> : null}
      <EstadoRelatorio erro={sugestao.error} dados={sugestao.data} vazio={() => linhas.length === 0 && t('sugestaoPedido.vazia')} vazioAjuda={t('sugestaoPedido.vaziaAjuda')}>
        {() => (
          <>
            <Cartoes
              cartoes={[
                { testid: 'sugestao-total-itens', titulo: t('sugestaoPedido.totalItens'), valor: String(totais.itens) },
                { testid: 'sugestao-total-pedidos', titulo: t('sugestaoPedido.totalPedidos'), valor: String(totais.pedidos) },
                { testid: 'sugestao-total-valor', titulo: t('sugestaoPedido.totalValor'), valor: reais(totais.valor) },
                { testid: 'sugestao-total-sem-fornecedor', titulo: t('sugestaoPedido.semFornecedor'), valor: String(totais.semFornecedor) },
              ]}
            />
            <Paper withBorder radius="md" p="md">
              <Table.ScrollContainer minWidth={980}>
                <Table striped data-testid="sugestao-tabela">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('sugestaoPedido.produto')}</Table.Th>
                      <Table.Th ta="right">{t('sugestaoPedido.saldo')}</Table.Th>
                      <Table.Th ta="right">{t('sugestaoPedido.minMax')}</Table.Th>
                      <Table.Th ta="right">{t('sugestaoPedido.consumoDia')}</Table.Th>
                      <Table.Th ta="right">{t('sugestaoPedido.emPedido')}</Table.Th>
                      <Table.Th ta="right">{t('sugestaoPedido.necessidade')}</Table.Th>
                      <Table.Th>{t('sugestaoPedido.fornecedor')}</Table.Th>
                      <Table.Th ta="right">{t('sugestaoPedido.preco')}</Table.Th>
                      <Table.Th ta="right">{t('sugestaoPedido.pedir')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {linhas.map((l) => (
                      <Linha key={l.produto} l={l} editada={editadas[l.produto]} onEditar={(v) => setEditadas((x) => ({ ...x, [l.produto]: v }))} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}

function Linha({ l, editada, onEditar }: { l: LinhaSugestao; editada: string | undefined; onEditar: (v: string) => void }) {
  const { t } = useTranslation();
  const invalida = quantidadeDaLinha(l, editada) === 'invalida';
  return (
    <Table.Tr data-testid="sugestao-linha">
      <Table.Td>
        <Text size="sm">{l.descricao}</Text>
        {l.codigo ? (
          <Text size="xs" c="dimmed">
            {l.codigo}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right" c={qtd(l.saldo) < qtd(l.minimo ?? '0') ? 'red' : undefined}>
        {formatQtd(l.saldo, l.unidade)}
      </Table.Td>
      <Table.Td ta="right">
        {l.minimo ? formatQtd(l.minimo) : '—'} / {l.maximo ? formatQtd(l.maximo) : '—'}
      </Table.Td>
      <Table.Td ta="right">{formatQtd(l.consumoDia, l.unidade)}</Table.Td>
      <Table.Td ta="right">{qtd(l.emPedido) > 0n ? formatQtd(l.emPedido, l.unidade) : ''}</Table.Td>
      <Table.Td ta="right">{qtd(l.necessidade) > 0n ? formatQtd(l.necessidade, l.unidade) : '—'}</Table.Td>
      <Table.Td>
        {l.fornecedor ? (
          <>
            <Text size="sm">{l.fornecedorNome}</Text>
            {l.prazoEntrega !== null ? (
              <Text size="xs" c="dimmed">
                {t('sugestaoPedido.entregaEm', { count: l.prazoEntrega })}
              </Text>
            ) : null}
          </>
        ) : (
          <Badge color="orange" variant="light" data-testid="sugestao-sem-fornecedor">
            {t('sugestaoPedido.semFornecedorLinha')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right">{l.fornecedor ? formatCusto(l.precoUnitario) : ''}</Table.Td>
      <Table.Td ta="right">
        {l.fornecedor ? (
          <TextInput
            size="xs"
            w={100}
            ml="auto"
            aria-label={t('sugestaoPedido.pedirDe', { produto: l.descricao ?? '' })}
            value={editada ?? formatQtd(l.sugerido)}
            onChange={(e) => onEditar(e.currentTarget.value)}
            error={invalida}
            rightSection={<Text size="xs">{l.unidadeCompra ?? l.unidade}</Text>}
            rightSectionWidth={44}
            data-testid="sugestao-quantidade"
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
