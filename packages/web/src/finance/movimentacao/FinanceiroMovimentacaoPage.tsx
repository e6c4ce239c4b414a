import { Badge, Button, Drawer, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { breakpoints, dataBr, rotulosTipoMovimentoFinanceiro, temEstornoProprio, tiposMovimentoFinanceiro, type Campo, type FiltroMovimentacao } from '@retaguarda/domain';
import { IconArrowBackUp, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogoEstorno } from '../../app/DialogoEstorno.tsx';
import { useUrlParam } from '../../app/useUrlParams.ts';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos } from '../../resources/format.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { useGeral } from '../../session/store.ts';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { BotoesExportar } from '../../sales/relatorios/BotoesExportar.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { financeiroApi, financeiroKeys, useOpcoesPlano, type LinhaMovimentacao } from './financeiroApi.ts';
import { MovimentoForm } from './MovimentoForm.tsx';

const colunasDe = (t: (k: string) => string, comSaldo: boolean): Record<string, Campo> => ({
  data: { rotulo: t('financeiroMov.data'), tipo: 'data' },
  contaNome: { rotulo: t('financeiroMov.conta'), tipo: 'texto' },
  descricao: { rotulo: t('financeiroMov.descricao'), tipo: 'texto' },
  planoContaNome: { rotulo: t('financeiroMov.planoConta'), tipo: 'texto' },
  pessoaNome: { rotulo: t('financeiroMov.pessoa'), tipo: 'texto' },
  tipoNome: { rotulo: t('financeiroMov.tipo'), tipo: 'texto' },
  valor: { rotulo: t('financeiroMov.valor'), tipo: 'dinheiro' },
  ...(comSaldo ? { saldo: { rotulo: t('financeiroMov.saldo'), tipo: 'dinheiro' } as Campo } : {}),
});

/**
 * financeiroMovimentacao: the active company's movements of a period (filters in the URL: ?de=&ate=
 * &conta=&planoConta=&tipo=&busca=), each account's balance, the running balance of the chosen
 * account, a drawer for an entrada/saída or a transfer (?novo=1), a reversal with its reason.
 */
export default function FinanceiroMovimentacaoPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const empresaNome = useGeral((s) => s.empresa?.nomeFantasia);
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const [novo, setNovo] = useUrlParam('novo');
  const [estornarId, setEstornarId] = useUrlParam('estornar');
  const [busca, setBusca] = useState(params.get('busca') ?? '');
  const buscar = useDebouncedCallback((v: string) => alterar({ busca: v.trim() || null }), 300);
  const queryClient = useQueryClient();

  const conta = params.get('conta') || null;
  const planoConta = params.get('planoConta') || null;
  const tipoParam = params.get('tipo');
  const tipo = (tiposMovimentoFinanceiro as readonly string[]).includes(tipoParam ?? '') ? (tipoParam as FiltroMovimentacao['tipo']) : undefined;
  const filtro: FiltroMovimentacao = { de: base.de, ate: base.ate, ...(conta ? { conta } : {}), ...(planoConta ? { planoConta } : {}), ...(tipo ? { tipo } : {}), ...(params.get('busca') ? { busca: params.get('busca')! } : {}), limite: 5000 };
  const lista = useQuery({ queryKey: [...financeiroKeys.todas(empresa), 'lista', filtro], queryFn: ({ signal }) => financeiroApi.listar(filtro, signal), enabled: Boolean(empresa) });
  const saldos = useQuery({ queryKey: [...financeiroKeys.todas(empresa), 'saldos', hoje], queryFn: ({ signal }) => financeiroApi.saldos(hoje, signal), enabled: Boolean(empresa) });
  const contasAtivas = useOpcoesReferencia('financeiroConta', { ativo: true }).data ?? [];
  const todasContas = useOpcoesReferencia('financeiroConta').data ?? [];
  const planos = useOpcoesPlano().data ?? [];

  const atualizar = () => void queryClient.invalidateQueries({ queryKey: financeiroKeys.todas(empresa) });
  const escolhido = lista.data?.linhas.find((l) => l._id === estornarId) ?? null;
  const fecharEstorno = () => {
    setEstornarId(null);
    estornar.reset();
  };
  const estornar = useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }) => financeiroApi.estornar(id, motivo),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('financeiroMov.estornadoOk') });
      fecharEstorno();
      atualizar();
    },
  });

  const colunas = colunasDe(t, Boolean(conta));
  const comAcoes = { ...colunas, acoes: { rotulo: t('financeiroMov.acoes'), tipo: 'texto' } as Campo };
  const registros: Registro[] = (lista.data?.linhas ?? []).map((l) => ({ ...l, tipoNome: rotulosTipoMovimentoFinanceiro[l.tipo], planoContaNome: l.planoContaNome ?? '', pessoaNome: l.pessoaNome ?? '' }));
  const celula = (coluna: string, r: Registro) => {
    const l = r as unknown as LinhaMovimentacao;
    if (coluna === 'valor') return <Text span inherit c={l.valor < 0 ? 'red.8' : 'teal.9'}>{formatCentavos(l.valor)}</Text>;
    if (coluna === 'acoes') {
      if (l.estornadoPor) return <Badge color="red" variant="light" data-testid="financeiro-estornado">{t('financeiroMov.estornado')}</Badge>;
      if (l.tipo === 'estorno' || l.tipo === 'saldoInicial') return '';
      // A settlement or a cash closing is reversed where it was made (the API would answer 409).
      if (temEstornoProprio(l.documentoTipo)) return <Text span size="xs" c="dimmed" data-testid="financeiro-estorno-proprio">{t(`financeiroMov.estornoPeloDocumento.${l.documentoTipo}`)}</Text>;
      return (
        <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconArrowBackUp size={14} />} onClick={() => setEstornarId(l._id)} data-testid="financeiro-estornar">
          {t('financeiroMov.estornar')}
        </Button>
      );
    }
    return undefined;
  };
  const d = lista.data;
  const recurso = recursoDeRelatorio('financeiroMovimentacao', t('tela.financeiroMovimentacao'), colunas);

  return (
    <PaginaRelatorio
      testid="financeiro-movimentacao"
      titulo={t('tela.financeiroMovimentacao')}
      explicacao={t('financeiroMov.explicacao')}
      acoes={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo('1')} data-testid="financeiro-novo">
          {t('financeiroMov.novo')}
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="financeiro-saldos">
        {(saldos.data ?? []).filter((s) => s.ativo).map((s) => (
          <Paper key={s.conta} withBorder p="md" radius="md" data-testid="financeiro-saldo" style={{ cursor: 'pointer', outline: s.conta === conta ? '2px solid var(--mantine-primary-color-filled)' : undefined }} onClick={() => alterar({ conta: s.conta === conta ? null : s.conta })}>
            <Text size="sm" c="dimmed">{s.nome}</Text>
            <Text fz={22} fw={700} c={s.saldo < 0 ? 'red.8' : undefined} data-testid="financeiro-saldo-valor">{formatCentavos(s.saldo)}</Text>
            <Text size="xs" c="dimmed">{s.tipo}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" className="nao-imprimir">
        <Group align="flex-end" wrap="wrap">
          <CampoDia rotulo={t('relatorioVenda.de')} data={base.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="financeiro-de" />
          <CampoDia rotulo={t('relatorioVenda.ate')} data={base.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="financeiro-ate" />
          <EscolhaFiltro multipla={false} rotulo={t('financeiroMov.conta')} todos={t('financeiroMov.todasContas')} opcoes={todasContas} valor={conta} alterar={(v) => alterar({ conta: v })} largura={200} busca testid="financeiro-filtro-conta" />
          <EscolhaFiltro multipla={false} rotulo={t('financeiroMov.planoConta')} todos={t('financeiroMov.todoPlano')} opcoes={planos} valor={planoConta} alterar={(v) => alterar({ planoConta: v })} largura={240} busca testid="financeiro-filtro-plano" />
          <Select label={t('financeiroMov.tipo')} placeholder={t('financeiroMov.todosTipos')} data={tiposMovimentoFinanceiro.map((v) => ({ value: v, label: rotulosTipoMovimentoFinanceiro[v] }))} value={tipo ?? null} onChange={(v) => alterar({ tipo: v })} clearable w={160} data-testid="financeiro-filtro-tipo" />
          <TextInput label={t('financeiroMov.busca')} value={busca} onChange={(e) => { setBusca(e.currentTarget.value); buscar(e.currentTarget.value); }} w={200} data-testid="financeiro-busca" />
          <BotoesExportar
            exportar={d ? { recurso, registros, arquivo: `movimentacoes-${base.de}-a-${base.ate}`, pdf: { titulo: t('tela.financeiroMovimentacao'), empresa: empresaNome ?? '', de: base.de, ate: base.ate, filtros: [] } } : null}
          />
        </Group>
      </Paper>
      <EstadoRelatorio erro={lista.error} dados={d} vazio={(x) => x.linhas.length === 0 && t('financeiroMov.nenhum')} vazioAjuda={t('financeiroMov.nenhumAjuda')}>
        {(x) => (
          <Stack gap="sm">
            <Group gap="xl" data-testid="financeiro-totais">
              {x.saldoAnterior !== null ? <Text size="sm">{t('financeiroMov.saldoAnterior')}: <b>{formatCentavos(x.saldoAnterior)}</b></Text> : null}
              <Text size="sm">{t('financeiroMov.entradas')}: <b>{formatCentavos(x.entradas)}</b></Text>
              <Text size="sm">{t('financeiroMov.saidas')}: <b>{formatCentavos(x.saidas)}</b></Text>
              {x.saldoFinal !== null ? <Text size="sm" data-testid="financeiro-saldo-final">{t('financeiroMov.saldoFinal')}: <b>{formatCentavos(x.saldoFinal)}</b></Text> : null}
            </Group>
            <Paper withBorder radius="md">
              <TabelaRelatorio colunas={comAcoes} linhas={registros} celula={celula} testid="financeiro-tabela" linhaTestid="financeiro-linha" minWidth={1100} />
            </Paper>
          </Stack>
        )}
      </EstadoRelatorio>

      <Drawer opened={novo === '1'} onClose={() => setNovo(null)} position="right" size={estreito ? '100%' : 'lg'} title={<Text fw={600} size="lg">{t('financeiroMov.novo')}</Text>} closeButtonProps={{ 'aria-label': t('financeiroMov.fechar') }} data-testid="financeiro-drawer">
        {novo === '1' ? (
          <MovimentoForm
            contas={contasAtivas}
            contaInicial={conta}
            hoje={hoje}
            onSalvo={() => {
              setNovo(null);
              atualizar();
            }}
          />
        ) : null}
      </Drawer>

      <DialogoEstorno
        key={estornarId ?? ''}
        opened={Boolean(estornarId && escolhido)}
        title={t('financeiroMov.estornarTitulo')}
        texto={escolhido ? t(escolhido.transferencia ? 'financeiroMov.estornarTextoTransferencia' : 'financeiroMov.estornarTexto', { descricao: escolhido.descricao, valor: formatCentavos(escolhido.valor), data: dataBr(escolhido.data) }) : ''}
        okLabel={t('financeiroMov.estornar')}
        cancelLabel={t('financeiroMov.cancelar')}
        motivoLabel={t('financeiroMov.motivo')}
        motivoCurto={t('financeiroMov.motivoCurto')}
        erro={estornar.error?.message ?? null}
        onLimparErro={estornar.reset}
        okLoading={estornar.isPending}
        onCancel={fecharEstorno}
        onConfirmar={(motivo) => escolhido && estornar.mutate({ id: escolhido._id, motivo })}
        prefixo="financeiro"
      />
    </PaginaRelatorio>
  );
}
