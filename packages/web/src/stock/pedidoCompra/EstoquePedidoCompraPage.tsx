import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { breakpoints, hojeNoFuso, reais, statusPedidoCompra, type Campo } from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlParam, useUrlParams } from '../../app/useUrlParams.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import type { Registro } from '../../resources/exportar.ts';
import { formatData } from '../../resources/format.ts';
import { filtroSemAcento } from '../../resources/LocalidadeInput.tsx';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../formatoEstoque.ts';
import { Cartoes } from '../relatorios/Cartoes.tsx';
import { corpoDoFiltro, corStatusPedido, filtroDaUrl, totaisDaLista, type FiltroPedidos } from './pedidoCompra.ts';
import { pedidoCompraApi, pedidoCompraKeys, type PedidoListado } from './pedidoCompraApi.ts';
import { PedidoCompraDetalhe } from './PedidoCompraDetalhe.tsx';
import { PedidoCompraForm } from './PedidoCompraForm.tsx';
import { GavetaLateral } from '../../sales/relatorios/GavetaLateral.tsx';

/**
 * estoquePedidoCompra: the company's purchase orders with their filters in the URL (?status=&fornecedor=
 * &de=&ate=) and totals, a new order in a drawer (?novo=1), one order opened (?pedido=<id>).
 */
export default function EstoquePedidoCompraPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const { pode } = usePermissoes();
  const [params, alterarUrl] = useUrlParams();
  const [novo, setNovo] = useUrlParam('novo');
  const [aberto, setAberto] = useUrlParam('pedido');
  const queryClient = useQueryClient();
  const hoje = hojeNoFuso();
  const filtro = useMemo(() => filtroDaUrl(params, hoje), [params, hoje]);
  const corpo = useMemo(() => corpoDoFiltro(filtro), [filtro]);
  const lista = useQuery({ queryKey: pedidoCompraKeys.lista(empresa, corpo), queryFn: ({ signal }) => pedidoCompraApi.listar(corpo, signal), enabled: Boolean(empresa) && !aberto });
  const fornecedores = useOpcoesReferencia('pessoa', { fornecedor: true }).data ?? [];

  const alterar = (mudanca: Partial<FiltroPedidos>) =>
    alterarUrl((atual) => {
      const proximo = new URLSearchParams(atual);
      for (const chave of ['status', 'fornecedor', 'de', 'ate'] as const) {
        if (!(chave in mudanca)) continue;
        const valor = mudanca[chave];
        if (valor) proximo.set(chave, valor);
        else proximo.delete(chave);
      }
      return proximo;
    });
  if (aberto) return <PedidoCompraDetalhe id={aberto} onVoltar={() => setAberto(null)} />;

  const colunas: Record<string, Campo> = {
    numero: { rotulo: t('pedidoCompra.numero'), tipo: 'inteiro' },
    data: { rotulo: t('pedidoCompra.data'), tipo: 'texto' },
    fornecedorNome: { rotulo: t('pedidoCompra.fornecedor'), tipo: 'texto' },
    situacao: { rotulo: t('pedidoCompra.situacao'), tipo: 'texto' },
    linhas: { rotulo: t('pedidoCompra.itens'), tipo: 'inteiro' },
    previsao: { rotulo: t('pedidoCompra.previsaoEntrega'), tipo: 'texto' },
    valor: { rotulo: t('pedidoCompra.valor'), tipo: 'dinheiro' },
    valorRecebido: { rotulo: t('pedidoCompra.recebido'), tipo: 'dinheiro' },
  };
  const registros: Registro[] = (lista.data ?? []).map((p) => ({ ...p, data: dataHora(p.criadoEm), previsao: p.previsaoEntrega ? formatData(p.previsaoEntrega) : '' }));
  const status = (p: PedidoListado) => (
    <Badge color={corStatusPedido[p.status]} variant="light" data-testid="pedido-lista-status" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
      {t(`pedidoCompra.status_${p.status}`)}
    </Badge>
  );
  const celula = (coluna: string, linha: Registro) => {
    const p = linha as unknown as PedidoListado;
    if (coluna === 'fornecedorNome')
      return (
        <Button variant="subtle" size="compact-sm" px={4} miw={140} onClick={() => setAberto(p._id)} data-testid="pedido-abrir" styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}>
          {p.fornecedorNome}
        </Button>
      );
    if (coluna === 'situacao') return status(p);
    return undefined;
  };

  return (
    <PaginaRelatorio
      testid="estoque-pedido-compra"
      titulo={t('pedidoCompra.titulo')}
      explicacao={t('pedidoCompra.explicacao')}
      acoes={
        pode('estoquePedidoCompra', 'criar') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo('1')} data-testid="pedido-novo">
            {t('pedidoCompra.novo')}
          </Button>
        ) : undefined
      }
    >
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('pedidoCompra.situacao')}
            data={statusPedidoCompra.map((s) => ({ value: s, label: t(`pedidoCompra.status_${s}`) }))}
            value={filtro.status}
            onChange={(s) => alterar({ status: s as FiltroPedidos['status'] })}
            placeholder={t('pedidoCompra.todasSituacoes')}
            clearable
            w={220}
            data-testid="pedido-filtro-status"
          />
          <Select
            label={t('pedidoCompra.fornecedor')}
            data={fornecedores}
            value={filtro.fornecedor}
            onChange={(fornecedor) => alterar({ fornecedor })}
            placeholder={t('pedidoCompra.todosFornecedores')}
            searchable
            clearable
            filter={filtroSemAcento}
            w={280}
            data-testid="pedido-filtro-fornecedor"
          />
          <CampoDia rotulo={t('pedidoCompra.de')} data={filtro.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="pedido-filtro-de" />
          <CampoDia rotulo={t('pedidoCompra.ate')} data={filtro.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="pedido-filtro-ate" />
        </Group>
      </Paper>
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.length === 0 && t('pedidoCompra.nenhum')} vazioAjuda={t('pedidoCompra.nenhumAjuda')}>
        {(pedidos) => {
          const totais = totaisDaLista(pedidos);
          return (
            <Stack gap="md">
              <Cartoes
                cartoes={[
                  { testid: 'pedido-total-pedidos', titulo: t('pedidoCompra.totalPedidos'), valor: String(totais.pedidos), detalhe: totais.cancelados ? t('pedidoCompra.cancelados', { n: totais.cancelados }) : undefined },
                  { testid: 'pedido-total-valor', titulo: t('pedidoCompra.totalValor'), valor: reais(totais.valor) },
                  { testid: 'pedido-total-recebido', titulo: t('pedidoCompra.totalRecebido'), valor: reais(totais.recebido) },
                  { testid: 'pedido-total-a-receber', titulo: t('pedidoCompra.totalAReceber'), valor: reais(totais.aReceber) },
                ]}
              />
              {estreito ? (
                <Stack gap="xs" data-testid="pedido-lista">
                  {pedidos.map((p) => (
                    <Paper key={p._id} withBorder radius="md" p="sm" data-testid="pedido-cartao">
                      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                        <Anchor component="button" type="button" fw={600} ta="left" onClick={() => setAberto(p._id)} data-testid="pedido-abrir">
                          {t('pedidoCompra.tituloDetalhe', { numero: p.numero })} · {p.fornecedorNome}
                        </Anchor>
                        <div style={{ flexShrink: 0 }}>{status(p)}</div>
                      </Group>
                      <Group justify="space-between" mt={4}>
                        <Text size="xs" c="dimmed">
                          {dataHora(p.criadoEm)}
                        </Text>
                        <Text size="sm" fw={600}>
                          {reais(p.valor)}
                        </Text>
                      </Group>
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <Paper withBorder radius="md">
                  <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="pedido-lista" linhaTestid="pedido-linha" minWidth={1000} />
                </Paper>
              )}
            </Stack>
          );
        }}
      </EstadoRelatorio>

      <GavetaLateral aberta={novo === '1'} fechar={() => setNovo(null)} titulo={t('pedidoCompra.novo')} testid="pedido-drawer" largura="xl">
        {() => (
          <PedidoCompraForm
            onSalvo={(pedido) => {
              void queryClient.invalidateQueries({ queryKey: [...pedidoCompraKeys.todos(empresa), 'lista'] });
              queryClient.setQueryData(pedidoCompraKeys.detalhe(empresa, pedido._id), pedido);
              alterarUrl((atual) => {
                const proximo = new URLSearchParams(atual);
                proximo.delete('novo');
                proximo.set('pedido', pedido._id);
                return proximo;
              });
            }}
          />
        )}
      </GavetaLateral>
    </PaginaRelatorio>
  );
}
