import { minutosSegundos, type Campo, type LinhaTempoPreparo, type RelatorioTempoPreparo } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../resources/exportar.ts';
import { useOpcoesReferencia } from '../resources/ReferenciaInput.tsx';
import { EscolhaFiltro } from '../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../sales/relatorios/exportarRelatorio.ts';
import { GraficoBarras } from '../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../sales/relatorios/useFiltroRelatorio.ts';
import { BarraFiltros } from '../stock/relatorios/BarraFiltros.tsx';
import { Cartoes } from '../stock/relatorios/Cartoes.tsx';

const colunas = (primeira: string) =>
  ({
    rotulo: { rotulo: primeira, tipo: 'texto' },
    itens: { rotulo: 'Itens', tipo: 'inteiro' },
    media: { rotulo: 'Média (min:s)', tipo: 'texto' },
    p90: { rotulo: 'p90 (min:s)', tipo: 'texto' },
    maximo: { rotulo: 'Máximo (min:s)', tipo: 'texto' },
    atrasados: { rotulo: 'Atrasados', tipo: 'inteiro' },
  }) as const satisfies Record<string, Campo>;
const colunasEstacao = colunas('Estação');
const colunasProduto = colunas('Produto');
const colunasHora = colunas('Hora');
const recurso = recursoDeRelatorio('relatorioKdsTempoPreparo', 'Tempo de preparo', colunasProduto);

const registros = (linhas: readonly LinhaTempoPreparo[]): Registro[] =>
  linhas.map((l) => ({ _id: l.chave || l.rotulo, rotulo: l.rotulo, itens: l.itens, media: minutosSegundos(l.mediaSegundos), p90: minutosSegundos(l.p90Segundos), maximo: minutosSegundos(l.maximoSegundos), atrasados: l.atrasados }));
const percentual = (parte: number, todo: number) => `${todo ? Math.round((parte * 100) / todo) : 0}%`;

/**
 * relatorioKdsTempoPreparo: the kitchen's prep times of this store in the period (?de=&ate=&estacao=),
 * from arrival on the boards to the bump: the cards, the mean by hour as a chart, and the tables by
 * station, product (slowest first) and hour, exported as CSV, XLSX or PDF.
 */
export default function RelatorioTempoPreparoPage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const estacao = params.get('estacao') || null;
  const estacoes = useOpcoesReferencia('kdsEstacao', {}).data ?? [];
  const filtro = { de: base.de, ate: base.ate, ...(estacao ? { estacao } : {}) };
  const { dados: r, erro } = useConsultaRelatorio<RelatorioTempoPreparo>('relatorioKdsTempoPreparo', filtro);
  const porEstacao = registros(r?.porEstacao ?? []);
  const porProduto = registros(r?.porProduto ?? []);
  const porHora = registros(r?.porHora ?? []);
  const nomeEstacao = estacoes.find((e) => e.value === estacao)?.label ?? t('relatorioKdsTempoPreparo.todasEstacoes');

  return (
    <PaginaRelatorio testid="relatorio-kds-tempo-preparo" titulo={t('relatorioKdsTempoPreparo.titulo')} explicacao={t('relatorioKdsTempoPreparo.explicacao')}>
      <BarraFiltros
        testid="tempo-preparo-filtros"
        de={base.de}
        ate={base.ate}
        hoje={hoje}
        alterar={alterar}
        exportar={
          r
            ? {
                recurso,
                registros: porProduto,
                arquivo: `tempo-de-preparo-${base.de}-a-${base.ate}`,
                titulo: t('relatorioKdsTempoPreparo.titulo'),
                filtros: [[t('relatorioKdsTempoPreparo.estacao'), nomeEstacao]],
                secoes: [
                  { titulo: t('relatorioKdsTempoPreparo.porEstacao'), colunas: colunasEstacao, linhas: porEstacao },
                  { titulo: t('relatorioKdsTempoPreparo.porProduto'), colunas: colunasProduto, linhas: porProduto },
                  { titulo: t('relatorioKdsTempoPreparo.porHora'), colunas: colunasHora, linhas: porHora },
                ],
              }
            : null
        }
      >
        <EscolhaFiltro
          multipla={false}
          rotulo={t('relatorioKdsTempoPreparo.estacao')}
          todos={t('relatorioKdsTempoPreparo.todasEstacoes')}
          opcoes={estacoes}
          valor={estacao}
          alterar={(v) => alterar({ estacao: v })}
          largura={240}
          testid="tempo-preparo-estacao"
        />
      </BarraFiltros>
      <EstadoRelatorio erro={erro} dados={r} vazio={(d) => d.totais.itens === 0 && t('relatorioKdsTempoPreparo.vazio')} vazioAjuda={t('relatorioKdsTempoPreparo.vazioAjuda')}>
        {(d) => (
          <>
            <Cartoes
              cartoes={[
                { testid: 'tempo-preparo-itens', titulo: t('relatorioKdsTempoPreparo.itens'), valor: String(d.totais.itens) },
                { testid: 'tempo-preparo-media', titulo: t('relatorioKdsTempoPreparo.media'), valor: minutosSegundos(d.totais.mediaSegundos) },
                { testid: 'tempo-preparo-p90', titulo: t('relatorioKdsTempoPreparo.p90'), valor: minutosSegundos(d.totais.p90Segundos), detalhe: `${t('relatorioKdsTempoPreparo.maximo')}: ${minutosSegundos(d.totais.maximoSegundos)}` },
                {
                  testid: 'tempo-preparo-atrasados',
                  titulo: t('relatorioKdsTempoPreparo.atrasados'),
                  valor: String(d.totais.atrasados),
                  detalhe: t('relatorioKdsTempoPreparo.atrasadosDetalhe', { percentual: percentual(d.totais.atrasados, d.totais.itens) }),
                  cor: d.totais.atrasados ? 'red' : undefined,
                },
              ]}
            />
            <SecaoRelatorio titulo={t('relatorioKdsTempoPreparo.mediaPorHora')} testid="tempo-preparo-grafico">
              <GraficoBarras
                testid="relatorio-grafico"
                semMoldura
                sequencia
                itens={d.porHora.map((h) => ({ rotulo: h.rotulo, valor: h.mediaSegundos, dica: `${h.rotulo}: ${minutosSegundos(h.mediaSegundos)} (${h.itens})` }))}
                formatar={minutosSegundos}
                formatarEixo={(s) => String(Math.round(s / 60))}
              />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioKdsTempoPreparo.porEstacao')} testid="tempo-preparo-por-estacao">
              <TabelaRelatorio colunas={colunasEstacao} linhas={porEstacao} testid="tempo-preparo-estacoes" linhaTestid="tempo-preparo-estacao-linha" minWidth={560} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioKdsTempoPreparo.porProduto')} testid="tempo-preparo-por-produto">
              <TabelaRelatorio colunas={colunasProduto} linhas={porProduto} testid="relatorio-tabela" linhaTestid="tempo-preparo-produto-linha" minWidth={560} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioKdsTempoPreparo.porHora')} testid="tempo-preparo-por-hora">
              <TabelaRelatorio colunas={colunasHora} linhas={porHora} testid="tempo-preparo-horas" linhaTestid="tempo-preparo-hora-linha" minWidth={560} />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
