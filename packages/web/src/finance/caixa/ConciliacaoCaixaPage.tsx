import { Badge, Button, Group, Paper, Select } from '@mantine/core';
import { dataBr, rotulosSituacaoPeriodo, situacoesPeriodoCaixa, type Campo, type PeriodoCaixa, type SituacaoPeriodoCaixa } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlParam } from '../../app/useUrlParams.ts';
import type { Registro } from '../../resources/exportar.ts';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { EstadoRelatorio, PaginaRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora } from '../../stock/formatoEstoque.ts';
import { caixaApi, caixaKeys, corSituacao } from './caixaApi.ts';
import { FechamentoCaixa } from './FechamentoCaixa.tsx';

/**
 * conciliacaoCaixa: the company's cash periods between two dates (?de=&ate=&situacao=); ?periodo= opens
 * one period's closing (FechamentoCaixa).
 */
export default function ConciliacaoCaixaPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const [periodo, setPeriodo] = useUrlParam('periodo');
  const situacaoParam = params.get('situacao');
  const situacao = (situacoesPeriodoCaixa as readonly string[]).includes(situacaoParam ?? '') ? (situacaoParam as SituacaoPeriodoCaixa) : undefined;
  const filtro = { de: base.de, ate: base.ate, ...(situacao ? { situacao } : {}) };
  const lista = useQuery({ queryKey: [...caixaKeys.todas(empresa), 'periodos', filtro], queryFn: ({ signal }) => caixaApi.periodos(filtro, signal), enabled: Boolean(empresa) && !periodo });

  if (periodo) return <FechamentoCaixa periodo={periodo} voltar={() => setPeriodo(null)} />;

  const colunas: Record<string, Campo> = {
    caixaNome: { rotulo: t('conciliacaoCaixa.caixa'), tipo: 'texto' },
    terminalNome: { rotulo: t('conciliacaoCaixa.terminal'), tipo: 'texto' },
    abertura: { rotulo: t('conciliacaoCaixa.abertura'), tipo: 'texto' },
    fechamento: { rotulo: t('conciliacaoCaixa.fechamento'), tipo: 'texto' },
    fundoTroco: { rotulo: t('conciliacaoCaixa.fundoTroco'), tipo: 'dinheiro' },
    vendas: { rotulo: t('conciliacaoCaixa.vendas'), tipo: 'inteiro' },
    total: { rotulo: t('conciliacaoCaixa.total'), tipo: 'dinheiro' },
    situacao: { rotulo: t('conciliacaoCaixa.situacao'), tipo: 'texto' },
    acoes: { rotulo: '', tipo: 'texto' },
  };
  const registros: Registro[] = (lista.data ?? []).map((p) => ({
    ...p,
    terminalNome: p.terminalNome ?? '',
    abertura: p.abertoEm ? dataHora(p.abertoEm) : dataBr(p.dataAbertura),
    fechamento: dataHora(p.fechadoEm),
  }));
  const celula = (coluna: string, r: Registro) => {
    const p = r as unknown as PeriodoCaixa;
    if (coluna === 'situacao') return <Badge color={corSituacao[p.situacao]} variant="light" miw="max-content" data-testid="caixa-situacao">{rotulosSituacaoPeriodo[p.situacao]}</Badge>;
    if (coluna === 'acoes') return <Button size="compact-sm" variant="light" onClick={() => setPeriodo(p._id)} data-testid="caixa-conferir">{t('conciliacaoCaixa.abrir')}</Button>;
    return undefined;
  };

  return (
    <PaginaRelatorio testid="conciliacao-caixa" titulo={t('tela.conciliacaoCaixa')} explicacao={t('conciliacaoCaixa.explicacao')}>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <CampoDia rotulo={t('relatorioVenda.de')} data={base.de} hoje={hoje} onChange={(de) => alterar({ de })} testid="caixa-de" />
          <CampoDia rotulo={t('relatorioVenda.ate')} data={base.ate} hoje={hoje} onChange={(ate) => alterar({ ate })} testid="caixa-ate" />
          <Select
            label={t('conciliacaoCaixa.situacao')}
            placeholder={t('conciliacaoCaixa.todas')}
            data={situacoesPeriodoCaixa.map((v) => ({ value: v, label: rotulosSituacaoPeriodo[v] }))}
            value={situacao ?? null}
            onChange={(v) => alterar({ situacao: v })}
            clearable
            w={180}
            data-testid="caixa-filtro-situacao"
          />
        </Group>
      </Paper>
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(x) => x.length === 0 && t('conciliacaoCaixa.nenhum')} vazioAjuda={t('conciliacaoCaixa.nenhumAjuda')}>
        {() => (
          <Paper withBorder radius="md">
            <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="caixa-periodos" linhaTestid="caixa-periodo" minWidth={1000} />
          </Paper>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
