import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { faixasAging, hojeNoFuso, type Campo, type FaixaAging, type RelatorioAging, type TipoTitulo } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUrlParams } from '../../app/useUrlParams.ts';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos, formatData } from '../../resources/format.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { useGeral } from '../../session/store.ts';
import { CampoDia } from '../../sales/dashboard/CampoDia.tsx';
import { BotoesExportar, type ExportacaoRelatorio } from '../../sales/relatorios/BotoesExportar.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { GraficoBarras } from '../../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { Cartoes } from '../../stock/relatorios/Cartoes.tsx';
import { useOpcoesPlano } from '../movimentacao/financeiroApi.ts';
import { percentualDe } from './percentual.ts';
import { nomesEscolhidos, useLojasFiltro } from './useLojasFiltro.ts';

const DATA = /^\d{4}-\d{2}-\d{2}$/;

/**
 * relatorioFinanceiroAgenda, the aging: payables or receivables open at a reference date per supplier
 * or customer, in the buckets a vencer, 1–30, 31–60, 61–90 and >90 days overdue (filters in the URL:
 * ?tipo=pagar|receber&data=&empresa=…&planoConta=&pessoa=), the buckets as a chart, CSV/XLSX/PDF.
 */
export default function RelatorioFinanceiroAgendaPage() {
  const { t } = useTranslation();
  const [params, setParams] = useUrlParams();
  const hoje = hojeNoFuso();
  const tipo: TipoTitulo = params.get('tipo') === 'pagar' ? 'pagar' : 'receber';
  const data = DATA.test(params.get('data') ?? '') ? params.get('data')! : hoje;
  const empresas = params.getAll('empresa');
  const planoConta = params.get('planoConta') || null;
  const pessoa = params.get('pessoa') || null;
  const alterar = (mudanca: Record<string, string | string[] | null>) =>
    setParams((p) => {
      const proximo = new URLSearchParams(p);
      for (const [chave, valor] of Object.entries(mudanca)) {
        proximo.delete(chave);
        for (const v of valor === null ? [] : Array.isArray(valor) ? valor : [valor]) proximo.append(chave, v);
      }
      return proximo;
    });
  const filtro = { tipo, data, empresas, ...(planoConta ? { planoConta } : {}), ...(pessoa ? { pessoa } : {}) };
  const { dados: r, erro } = useConsultaRelatorio<RelatorioAging>('relatorioFinanceiroAgenda', filtro);
  const { lojas, carregando } = useLojasFiltro();
  const planos = useOpcoesPlano().data ?? [];
  const pessoas = useOpcoesReferencia('pessoa').data ?? [];
  const grupo = useGeral((s) => s.grupoEmpresarial?.nome);

  const rotuloPessoa = tipo === 'pagar' ? t('aging.fornecedor') : t('aging.cliente');
  const colunas = {
    pessoaNome: { rotulo: rotuloPessoa, tipo: 'texto' },
    ...Object.fromEntries(faixasAging.map((f) => [f, { rotulo: t(`aging.faixas.${f}`), tipo: 'dinheiro' }])),
    total: { rotulo: t('aging.total'), tipo: 'dinheiro' },
    parcelas: { rotulo: t('aging.parcelas'), tipo: 'inteiro' },
  } as Record<string, Campo>;
  const titulo = tipo === 'pagar' ? t('aging.tituloPagar') : t('aging.tituloReceber');
  const recurso = recursoDeRelatorio('relatorioFinanceiroAgenda', titulo, colunas);
  const linhas: Registro[] = (r?.linhas ?? []).map((l, i) => ({ ...l, _id: l.pessoa ?? `sem-pessoa-${i}` }));
  const totais: Registro | undefined = r ? { _id: 'total', pessoaNome: t('aging.total'), ...r.totais } : undefined;
  const nome = (opcoes: readonly { value: string; label: string }[], id: string | null) => opcoes.find((o) => o.value === id)?.label.trim() ?? id ?? '';
  const exportar: ExportacaoRelatorio | null = r
    ? {
        recurso,
        registros: [...linhas, totais!],
        arquivo: `aging-${tipo}-${data}`,
        pdf: {
          titulo,
          empresa: [grupo, nomesEscolhidos(lojas, empresas, t('aging.todasLojas'))].filter(Boolean).join(' · '),
          de: data,
          ate: data,
          filtros: [
            [t('aging.data'), formatData(data)],
            [t('aging.planoConta'), planoConta ? nome(planos, planoConta) : t('aging.todoPlano')],
            ...(pessoa ? [[t('aging.pessoa'), nome(pessoas, pessoa)] as [string, string]] : []),
          ],
        },
      }
    : null;
  // A person's row opens the agenda on their installments (the agenda is the active store's).
  const celula = (coluna: string, linha: Registro) =>
    coluna === 'pessoaNome' && linha._id !== 'total' && !String(linha._id).startsWith('sem-pessoa') ? (
      <Link to={`/financeiroAgenda?tipo=${tipo}&de=2000-01-01&ate=${data}&busca=${encodeURIComponent(String(linha.pessoaNome))}`}>{String(linha.pessoaNome)}</Link>
    ) : undefined;

  return (
    <PaginaRelatorio testid="relatorio-aging" titulo={t('tela.relatorioFinanceiroAgenda')} explicacao={t('aging.explicacao')}>
      <Paper withBorder p="md" radius="md" className="nao-imprimir" data-testid="aging-filtros">
        <Group align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('aging.tipo')}
            </Text>
            <SegmentedControl
              value={tipo}
              onChange={(v) => alterar({ tipo: v, pessoa: null })}
              data={[
                { value: 'receber', label: t('aging.receber') },
                { value: 'pagar', label: t('aging.pagar') },
              ]}
              data-testid="aging-tipo"
            />
          </Stack>
          <CampoDia rotulo={t('aging.data')} data={data} hoje={hoje} onChange={(v) => alterar({ data: v })} testid="aging-data" />
          <EscolhaFiltro multipla rotulo={t('aging.lojas')} todos={t('aging.todasLojas')} opcoes={lojas} carregando={carregando} valor={empresas} alterar={(v) => alterar({ empresa: v })} largura={220} larguraMaxima={480} busca testid="aging-lojas" />
          <EscolhaFiltro multipla={false} rotulo={t('aging.planoConta')} todos={t('aging.todoPlano')} opcoes={planos} valor={planoConta} alterar={(v) => alterar({ planoConta: v })} largura={220} busca testid="aging-plano" />
          <EscolhaFiltro multipla={false} rotulo={t('aging.pessoa')} todos={t('aging.todasPessoas')} opcoes={pessoas} valor={pessoa} alterar={(v) => alterar({ pessoa: v })} largura={220} busca testid="aging-pessoa" />
          <BotoesExportar exportar={exportar} />
        </Group>
      </Paper>
      <EstadoRelatorio erro={erro} dados={r} vazio={(d) => d.linhas.length === 0 && t('aging.vazio')} vazioAjuda={t('aging.vazioAjuda')}>
        {(d) => {
          const vencido = d.totais.total - d.totais.aVencer;
          return (
            <>
              <Cartoes
                cartoes={[
                  { testid: 'aging-total', titulo: t('aging.emAberto'), valor: formatCentavos(d.totais.total), detalhe: t('aging.pessoas', { count: d.linhas.length }) },
                  { testid: 'aging-a-vencer', titulo: t('aging.faixas.aVencer'), valor: formatCentavos(d.totais.aVencer) },
                  { testid: 'aging-vencido', titulo: t('aging.vencido'), valor: formatCentavos(vencido), detalhe: t('aging.vencidoDetalhe', { percentual: percentualDe(vencido, d.totais.total) }), cor: vencido ? 'red' : undefined },
                  { testid: 'aging-mais-90', titulo: t('aging.maisDe90'), valor: formatCentavos(d.totais.mais90), cor: d.totais.mais90 ? 'red' : undefined },
                ]}
              />
              <SecaoRelatorio titulo={t('aging.porFaixa')} testid="aging-grafico">
                <GraficoBarras semMoldura testid="relatorio-grafico" sequencia itens={faixasAging.map((f: FaixaAging) => ({ rotulo: t(`aging.faixas.${f}`), valor: d.totais[f] }))} />
              </SecaoRelatorio>
              <SecaoRelatorio titulo={t('aging.porPessoa')} testid="aging-pessoas">
                <TabelaRelatorio colunas={colunas} linhas={linhas} totais={totais} celula={celula} testid="relatorio-tabela" linhaTestid="aging-linha" minWidth={900} />
              </SecaoRelatorio>
            </>
          );
        }}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
