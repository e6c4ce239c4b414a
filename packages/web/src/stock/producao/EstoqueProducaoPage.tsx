import { Anchor, Badge, Button, Group, Paper, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { breakpoints, hojeNoFuso, reais, statusProducao, type Campo } from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlParam, useUrlParams } from '../../app/useUrlParams.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import type { Registro } from '../../resources/exportar.ts';
import { formatData } from '../../resources/format.ts';
import { filtroSemAcento } from '../../resources/LocalidadeInput.tsx';
import { lerDiaBr } from '../../sales/dashboard/CampoDia.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { formatQtd } from '../formatoEstoque.ts';
import { NovaProducaoForm } from './NovaProducaoForm.tsx';
import { useProdutosComFicha } from './opcoesProducao.ts';
import { ProducaoDetalhe } from './ProducaoDetalhe.tsx';
import { corpoDoFiltro, corStatus, filtroDaUrl, progresso, type FiltroLista } from './producao.ts';
import { producaoApi, producaoKeys, type ProducaoListada } from './producaoApi.ts';
import { GavetaLateral } from '../../sales/relatorios/GavetaLateral.tsx';

/** A day typed as dd/mm/aaaa (future days too: orders are planned ahead), applied on Enter or when leaving the field. */
function CampoData({ rotulo, data, onChange, testid }: { rotulo: string; data: string; onChange: (iso: string) => void; testid: string }) {
  const { t } = useTranslation();
  const [texto, setTexto] = useState(formatData(data));
  useEffect(() => setTexto(formatData(data)), [data]);
  const lido = lerDiaBr(texto);
  const aplicar = () => {
    if (lido && lido !== data) onChange(lido);
  };
  return (
    <TextInput
      label={rotulo}
      value={texto}
      onChange={(e) => setTexto(e.currentTarget.value)}
      onBlur={aplicar}
      onKeyDown={(e) => e.key === 'Enter' && aplicar()}
      placeholder="dd/mm/aaaa"
      error={texto !== formatData(data) && !lido ? t('estoqueProducao.dataInvalida') : undefined}
      w={140}
      data-testid={testid}
    />
  );
}

/**
 * estoqueProducaoProdutos: the company's production orders with their filters in the URL (?status=
 * &de=&ate=&produto=), a new order in a drawer (?novo=1) and one order opened (?ordem=<id>).
 */
export default function EstoqueProducaoPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const { pode } = usePermissoes();
  const [params, alterarUrl] = useUrlParams();
  const [novo, setNovo] = useUrlParam('novo');
  const [aberta, setAberta] = useUrlParam('ordem');
  const queryClient = useQueryClient();
  const hoje = hojeNoFuso();
  const filtro = useMemo(() => filtroDaUrl(params, hoje), [params, hoje]);
  const corpo = useMemo(() => corpoDoFiltro(filtro), [filtro]);
  const lista = useQuery({ queryKey: producaoKeys.lista(empresa, corpo), queryFn: ({ signal }) => producaoApi.listar(corpo, signal), enabled: Boolean(empresa) && !aberta });
  const ativos = useOpcoesReferencia('estoqueCadastro', { ativo: true }).data ?? [];
  const produtos = useProdutosComFicha();

  const alterar = (mudanca: Partial<FiltroLista>) =>
    alterarUrl((atual) => {
      const proximo = new URLSearchParams(atual);
      if (mudanca.status) {
        proximo.delete('status');
        for (const s of mudanca.status) proximo.append('status', s);
      }
      for (const chave of ['de', 'ate', 'produto'] as const) {
        if (!(chave in mudanca)) continue;
        const valor = mudanca[chave];
        if (valor) proximo.set(chave, valor);
        else proximo.delete(chave);
      }
      return proximo;
    });
  const voltar = () =>
    alterarUrl((atual) => {
      const proximo = new URLSearchParams(atual);
      proximo.delete('ordem');
      proximo.delete('apontar');
      return proximo;
    });
  if (aberta) return <ProducaoDetalhe id={aberta} onVoltar={voltar} />;

  const colunas: Record<string, Campo> = {
    numero: { rotulo: t('estoqueProducao.numero'), tipo: 'inteiro' },
    descricao: { rotulo: t('estoqueProducao.produto'), tipo: 'texto' },
    planejadaPara: { rotulo: t('estoqueProducao.dataPlanejada'), tipo: 'texto' },
    situacao: { rotulo: t('estoqueProducao.situacao'), tipo: 'texto' },
    quantidades: { rotulo: t('estoqueProducao.produzidoDePlanejado'), tipo: 'texto' },
    valorProduzido: { rotulo: t('estoqueProducao.valorProduzido'), tipo: 'dinheiro' },
    locais: { rotulo: t('estoqueProducao.deParaLocais'), tipo: 'texto' },
    destino: { rotulo: t('estoqueProducao.empresaDestino'), tipo: 'texto' },
    criadoPor: { rotulo: t('estoqueProducao.criadaPor'), tipo: 'texto' },
  };
  const quantidades = (o: ProducaoListada) => t('estoqueProducao.deQuantidade', { produzida: formatQtd(o.quantidadeProduzida), planejada: formatQtd(o.quantidadePlanejada, o.unidade) });
  const registros: Registro[] = (lista.data ?? []).map((o) => ({
    ...o,
    numero: Number(o.numero),
    planejadaPara: formatData(o.dataPlanejada),
    quantidades: quantidades(o),
    locais: `${o.localOrigemDescricao ?? ''} → ${o.localDestinoDescricao ?? ''}`,
    destino: o.empresaDestinoNome ?? '',
  }));
  const status = (o: ProducaoListada) => (
    <Badge color={corStatus[o.status]} variant="light" data-testid="producao-lista-status" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
      {t(`estoqueProducao.status_${o.status}`)}
    </Badge>
  );
  const celula = (coluna: string, linha: Registro) => {
    const o = linha as unknown as ProducaoListada;
    if (coluna === 'descricao')
      return (
        <Button variant="subtle" size="compact-sm" px={4} miw={140} onClick={() => setAberta(o._id)} data-testid="producao-abrir" styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}>
          {o.descricao}
        </Button>
      );
    if (coluna === 'situacao') return status(o);
    if (coluna === 'quantidades')
      return (
        <div style={{ minWidth: 140 }}>
          <Text size="sm">{quantidades(o)}</Text>
          <Progress value={progresso(o.quantidadeProduzida, o.quantidadePlanejada)} color={corStatus[o.status]} size="xs" mt={2} />
        </div>
      );
    return undefined;
  };

  return (
    <PaginaRelatorio
      testid="estoque-producao"
      titulo={t('estoqueProducao.titulo')}
      explicacao={t('estoqueProducao.explicacao')}
      acoes={
        pode('estoqueProducaoProdutos', 'criar') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo('1')} data-testid="producao-nova">
            {t('estoqueProducao.nova')}
          </Button>
        ) : undefined
      }
    >
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <EscolhaFiltro
            multipla
            rotulo={t('estoqueProducao.situacao')}
            todos={t('estoqueProducao.todasSituacoes')}
            opcoes={statusProducao.map((s) => ({ value: s, label: t(`estoqueProducao.status_${s}`) }))}
            valor={filtro.status}
            alterar={(s) => alterar({ status: s as FiltroLista['status'] })}
            largura={220}
            testid="producao-filtro-status"
          />
          <CampoData rotulo={t('estoqueProducao.planejadaDe')} data={filtro.de} onChange={(de) => alterar({ de })} testid="producao-filtro-de" />
          <CampoData rotulo={t('estoqueProducao.planejadaAte')} data={filtro.ate} onChange={(ate) => alterar({ ate })} testid="producao-filtro-ate" />
          <Select
            label={t('estoqueProducao.produto')}
            data={(produtos.data ?? []).map((p) => ({ value: p.id, label: p.rotulo }))}
            value={filtro.produto}
            onChange={(produto) => alterar({ produto })}
            placeholder={t('estoqueProducao.todosProdutos')}
            searchable
            clearable
            filter={filtroSemAcento}
            w={260}
            data-testid="producao-filtro-produto"
          />
        </Group>
      </Paper>
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.length === 0 && t('estoqueProducao.nenhuma')} vazioAjuda={t('estoqueProducao.nenhumaAjuda')}>
        {(ordens) =>
          estreito ? (
            <Stack gap="xs" data-testid="producao-lista">
              {ordens.map((o) => (
                <Paper key={o._id} withBorder radius="md" p="sm" data-testid="producao-cartao">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Anchor component="button" type="button" fw={600} ta="left" onClick={() => setAberta(o._id)} data-testid="producao-abrir">
                      {t('estoqueProducao.tituloDetalhe', { numero: o.numero, produto: o.descricao ?? '' })}
                    </Anchor>
                    <div style={{ flexShrink: 0 }}>{status(o)}</div>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('estoqueProducao.planejadaPara', { data: formatData(o.dataPlanejada) })}
                    {o.empresaDestinoNome ? ` · ${t('estoqueProducao.paraLoja', { loja: o.empresaDestinoNome })}` : ''}
                  </Text>
                  <Group justify="space-between" mt={4}>
                    <Text size="sm">{quantidades(o)}</Text>
                    <Text size="sm" fw={600}>
                      {reais(o.valorProduzido)}
                    </Text>
                  </Group>
                  <Progress value={progresso(o.quantidadeProduzida, o.quantidadePlanejada)} color={corStatus[o.status]} size="xs" mt={4} />
                </Paper>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md">
              <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="producao-lista" linhaTestid="producao-linha" minWidth={1100} />
            </Paper>
          )
        }
      </EstadoRelatorio>

      <GavetaLateral aberta={novo === '1'} fechar={() => setNovo(null)} titulo={t('estoqueProducao.nova')} testid="producao-drawer" largura="xl" semFolgaEmbaixo>
        {() => (
          <NovaProducaoForm
            hoje={hoje}
            locaisAtivos={ativos}
            onCriada={(ordem) => {
              void queryClient.invalidateQueries({ queryKey: [...producaoKeys.todos(empresa), 'lista'] });
              queryClient.setQueryData(producaoKeys.detalhe(empresa, ordem._id), ordem);
              // One navigation: the drawer closes and the order opens.
              alterarUrl((atual) => {
                const proximo = new URLSearchParams(atual);
                proximo.delete('novo');
                proximo.set('ordem', ordem._id);
                return proximo;
              });
            }}
          />
        )}
      </GavetaLateral>
    </PaginaRelatorio>
  );
}
