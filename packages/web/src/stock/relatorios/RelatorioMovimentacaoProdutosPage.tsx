import { Alert, Text } from '@mantine/core';
import { listaTiposMovimento, type Campo, type TipoMovimento } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { GraficoBarras } from '../../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { formatQtd } from '../formatoEstoque.ts';
import { ProdutoEstoqueInput } from '../ProdutoEstoqueInput.tsx';
import { BarraFiltros } from './BarraFiltros.tsx';
import { barrasPorTipo, nomeTipo, registrosMovimentacao, registrosPorTipo, type Movimentacao } from './registros.ts';
import { TabelaLonga } from './TabelaLonga.tsx';
import { useProdutoDaUrl } from './useProdutoDaUrl.ts';
import { useUsuariosFiltro } from './useUsuariosFiltro.ts';

const colunas = {
  quando: { rotulo: 'Data', tipo: 'texto' },
  tipo: { rotulo: 'Movimento', tipo: 'texto' },
  documento: { rotulo: 'Documento', tipo: 'texto' },
  codigo: { rotulo: 'Código', tipo: 'texto' },
  descricao: { rotulo: 'Produto', tipo: 'texto' },
  localDescricao: { rotulo: 'Local', tipo: 'texto' },
  usuario: { rotulo: 'Usuário', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  custoUnitario: { rotulo: 'Custo unitário', tipo: 'texto' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
// On the screen the quantity carries its unit and the product its name only (the files keep both apart).
const { unidade: _u, codigo: _c, ...colunasTela } = colunas;
const colunasTipo = {
  tipo: { rotulo: 'Movimento', tipo: 'texto' },
  movimentos: { rotulo: 'Movimentos', tipo: 'inteiro' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioMovimentacaoProdutos', 'Movimentação de produtos', colunas);
const tiposValidos = new Set<string>(listaTiposMovimento);

/**
 * relatorioMovimentacaoProdutos: the company's stock movements of the period by kind, location,
 * product and user (?de=&ate=&tipos=saidaManual,estorno&local=&produto=&usuario=), newest first, with
 * the totals per kind as cards and a chart.
 */
export default function RelatorioMovimentacaoProdutosPage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const tipos = (params.get('tipos') ?? '').split(',').filter((x): x is TipoMovimento => tiposValidos.has(x));
  const localId = params.get('local') || null;
  const produtoId = params.get('produto') || null;
  const usuarioId = params.get('usuario') || null;
  const produto = useProdutoDaUrl(produtoId).data ?? null;
  const locais = useOpcoesReferencia('estoqueCadastro').data ?? [];
  const usuarios = useUsuariosFiltro('relatorioMovimentacaoProdutos');
  const filtro = {
    de: base.de,
    ate: base.ate,
    ...(tipos.length ? { tipos } : {}),
    ...(localId ? { local: localId } : {}),
    ...(produtoId ? { produto: produtoId } : {}),
    ...(usuarioId ? { usuario: usuarioId } : {}),
  };
  const { dados: m, erro } = useConsultaRelatorio<Movimentacao>('relatorioMovimentacaoProdutos', filtro);
  const registros = m ? registrosMovimentacao(m.linhas) : [];
  const porTipo = m ? registrosPorTipo(m.totais, t('relatoriosEstoque.total')) : null;
  const opcoesTipo = listaTiposMovimento.map((x) => ({ value: x, label: nomeTipo(x) }));
  const nome = (lista: { value: string; label: string }[], id: string | null) => lista.find((o) => o.value === id)?.label ?? id ?? '';
  const filtrosPdf: [string, string][] = [
    [t('relatorioMovimentacaoProdutos.tipos'), tipos.length ? tipos.map(nomeTipo).join(', ') : t('relatorioMovimentacaoProdutos.todosTipos')],
    [t('relatoriosEstoque.local'), localId ? nome(locais, localId) : t('relatoriosEstoque.todosLocais')],
    ...(produtoId ? [[t('relatoriosEstoque.produto'), produto?.rotulo ?? produtoId] as [string, string]] : []),
    ...(usuarioId ? [[t('relatoriosEstoque.usuario'), nome(usuarios, usuarioId)] as [string, string]] : []),
  ];
  const celula = (coluna: string, linha: Registro) => {
    if (coluna === 'quantidade') {
      const q = String(linha.quantidade);
      return (
        <Text span inherit c={q.startsWith('-') ? 'red' : 'teal'}>
          {`${q.startsWith('-') ? '' : '+'}${formatQtd(q, String(linha.unidade ?? '') || null)}`}
        </Text>
      );
    }
    if (coluna === 'quando' || coluna === 'tipo' || coluna === 'documento') return <span style={{ whiteSpace: 'nowrap' }}>{String(linha[coluna] ?? '')}</span>;
    return undefined;
  };

  return (
    <PaginaRelatorio testid="relatorio-movimentacao-produtos" titulo={t('relatorioMovimentacaoProdutos.titulo')} explicacao={t('relatorioMovimentacaoProdutos.explicacao')}>
      <BarraFiltros
        testid="movimentacao-filtros"
        de={base.de}
        ate={base.ate}
        hoje={hoje}
        alterar={alterar}
        exportar={
          m && porTipo
            ? {
                recurso,
                registros,
                arquivo: `movimentacao-de-produtos-${base.de}-a-${base.ate}`,
                titulo: t('relatorioMovimentacaoProdutos.titulo'),
                filtros: filtrosPdf,
                secoes: [
                  { titulo: t('relatorioMovimentacaoProdutos.porTipo'), colunas: colunasTipo, linhas: [...porTipo.registros, porTipo.total] },
                  { titulo: t('relatorioMovimentacaoProdutos.movimentosTitulo'), colunas: colunas, linhas: registros },
                ],
              }
            : null
        }
      >
        <EscolhaFiltro multipla rotulo={t('relatorioMovimentacaoProdutos.tipos')} todos={t('relatorioMovimentacaoProdutos.todosTipos')} opcoes={opcoesTipo} valor={tipos} alterar={(v) => alterar({ tipos: v.length ? v.join(',') : null })} largura={220} larguraMaxima={480} testid="movimentacao-tipos" />
        <EscolhaFiltro multipla={false} rotulo={t('relatoriosEstoque.local')} todos={t('relatoriosEstoque.todosLocais')} opcoes={locais} valor={localId} alterar={(v) => alterar({ local: v })} largura={200} busca testid="movimentacao-local" />
        <ProdutoEstoqueInput key={produto?.id ?? 'nenhum'} label={t('relatoriosEstoque.produto')} valor={produto} onChange={(p) => alterar({ produto: p?.id ?? null })} testid="movimentacao-produto" w={260} />
        <EscolhaFiltro multipla={false} rotulo={t('relatoriosEstoque.usuario')} todos={t('relatoriosEstoque.todosUsuarios')} opcoes={usuarios} valor={usuarioId} alterar={(v) => alterar({ usuario: v })} largura={200} busca testid="movimentacao-usuario" />
      </BarraFiltros>
      <EstadoRelatorio erro={erro} dados={m} vazio={(d) => d.linhas.length === 0 && t('relatorioMovimentacaoProdutos.vazio')} vazioAjuda={t('relatorioMovimentacaoProdutos.vazioAjuda')}>
        {(d) => (
          <>
            {d.truncado ? (
              <Alert color="yellow" data-testid="movimentacao-truncado">
                {t('relatoriosEstoque.truncado')}
              </Alert>
            ) : null}
            <GraficoBarras testid="relatorio-grafico" itens={barrasPorTipo(d.totais)} />
            <SecaoRelatorio titulo={t('relatorioMovimentacaoProdutos.porTipo')} ajuda={t('relatorioMovimentacaoProdutos.porTipoAjuda')} testid="movimentacao-por-tipo">
              <TabelaRelatorio colunas={colunasTipo} linhas={porTipo!.registros} totais={porTipo!.total} testid="movimentacao-tipos-tabela" linhaTestid="movimentacao-tipo-linha" minWidth={420} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioMovimentacaoProdutos.movimentosTitulo')} testid="movimentacao-movimentos">
              <TabelaLonga colunas={colunasTela} linhas={registros} celula={celula} testid="relatorio-tabela" linhaTestid="movimentacao-linha" minWidth={1000} />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
