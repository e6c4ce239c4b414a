import { Alert, Text } from '@mantine/core';
import type { Campo, RelatorioCompras } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos } from '../../resources/format.ts';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { GraficoBarras } from '../../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { useGeral } from '../../session/store.ts';
import { dataHora, formatCusto, formatQtd } from '../formatoEstoque.ts';
import { BarraFiltros } from './BarraFiltros.tsx';
import { Cartoes } from './Cartoes.tsx';

const colunas = {
  quando: { rotulo: 'Data', tipo: 'texto' },
  documento: { rotulo: 'Documento', tipo: 'texto' },
  fornecedor: { rotulo: 'Fornecedor', tipo: 'texto' },
  produto: { rotulo: 'Produto', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  precoUnitario: { rotulo: 'Preço unitário', tipo: 'texto' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const colunasProduto = {
  produto: { rotulo: 'Produto', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  compras: { rotulo: 'Compras', tipo: 'inteiro' },
  precoMedio: { rotulo: 'Preço médio', tipo: 'texto' },
  ultimoPreco: { rotulo: 'Último preço', tipo: 'texto' },
  variacao: { rotulo: 'Variação no período', tipo: 'texto' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const colunasFornecedor = {
  fornecedor: { rotulo: 'Fornecedor', tipo: 'texto' },
  compras: { rotulo: 'Compras', tipo: 'inteiro' },
  produtos: { rotulo: 'Produtos', tipo: 'inteiro' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioEstoqueCompras', 'Compras', colunas);

type Opcoes = { fornecedores: { _id: string; nome: string }[]; produtos: { _id: string; nome: string }[] };
const variacaoTexto = (v: number | null) => (v === null ? '' : `${v > 0 ? '+' : ''}${v}%`);

/**
 * relatorioEstoqueCompras: what this store bought in the period (?de=&ate=&fornecedor=&produto=), from
 * purchase-order receipts and posted supplier NF-e, each once: totals, one product's price over the period
 * as a chart (the filter's product, else the one bought for most), by supplier, by product, and every line.
 */
export default function RelatorioEstoqueComprasPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const fornecedor = params.get('fornecedor') || null;
  const produto = params.get('produto') || null;
  const opcoes = useQuery({ queryKey: ['relatorioEstoqueCompras', empresa, 'opcoes'], queryFn: ({ signal }) => api.get<Opcoes>('relatorioEstoqueCompras/opcoes', { signal }) });
  const opcoesFornecedor = (opcoes.data?.fornecedores ?? []).map((o) => ({ value: o._id, label: o.nome }));
  const opcoesProduto = (opcoes.data?.produtos ?? []).map((o) => ({ value: o._id, label: o.nome }));
  const filtro = { de: base.de, ate: base.ate, ...(fornecedor ? { fornecedor } : {}), ...(produto ? { produto } : {}) };
  const { dados: r, erro } = useConsultaRelatorio<RelatorioCompras>('relatorioEstoqueCompras', filtro);
  const documento = (l: RelatorioCompras['linhas'][number]) =>
    l.origem === 'pedido' ? t('relatorioEstoqueCompras.pedido', { numero: l.documento }) : l.pedidoNumero ? t('relatorioEstoqueCompras.notaDoPedido', { numero: l.documento, pedido: l.pedidoNumero }) : t('relatorioEstoqueCompras.nota', { numero: l.documento });
  const registros: Registro[] = (r?.linhas ?? []).map((l, i) => ({
    _id: String(i),
    quando: dataHora(l.data),
    documento: documento(l),
    fornecedor: l.fornecedorNome ?? '',
    produto: l.descricao ?? '',
    // Exact text: the exports write it as a number, the table through formatQtd.
    quantidade: l.quantidade,
    unidade: l.unidade ?? '',
    precoUnitario: formatCusto(l.precoUnitario),
    valor: l.valor,
  }));
  const produtos: Registro[] = (r?.porProduto ?? []).map((p) => ({
    _id: p.produto,
    produto: p.descricao ?? '',
    quantidade: p.quantidade,
    unidade: p.unidade ?? '',
    compras: p.compras,
    precoMedio: formatCusto(p.precoMedio),
    ultimoPreco: formatCusto(p.ultimoPreco),
    variacao: variacaoTexto(p.variacao),
    valorVariacao: p.variacao,
    valor: p.valor,
  }));
  const fornecedores: Registro[] = (r?.porFornecedor ?? []).map((f) => ({ _id: f.fornecedor, fornecedor: f.nome ?? '', compras: f.compras, produtos: f.produtos, valor: f.valor }));
  const total: Registro = { _id: 'total', quando: t('relatoriosEstoque.total'), valor: r?.totais.valor ?? 0 };
  const totalProdutos: Registro = { _id: 'total', produto: t('relatoriosEstoque.total'), compras: r?.totais.compras ?? 0, valor: r?.totais.valor ?? 0 };
  const totalFornecedores: Registro = { _id: 'total', fornecedor: t('relatoriosEstoque.total'), compras: r?.totais.compras ?? 0, produtos: r?.totais.produtos ?? 0, valor: r?.totais.valor ?? 0 };
  const quantidade = (coluna: string, linha: Registro) => (coluna === 'quantidade' && linha._id !== 'total' ? formatQtd(String(linha.quantidade)) : undefined);
  const celulaProduto = (coluna: string, linha: Registro) => {
    if (coluna === 'quantidade') return quantidade(coluna, linha);
    if (linha._id === 'total' || coluna !== 'variacao' || linha.valorVariacao === null) return undefined;
    const v = Number(linha.valorVariacao);
    return (
      <Text span inherit c={v > 0 ? 'red' : v < 0 ? 'teal' : undefined}>
        {String(linha.variacao)}
      </Text>
    );
  };
  const semQuebra = (coluna: string, linha: Registro) => (coluna === 'quando' || coluna === 'documento' ? <span style={{ whiteSpace: 'nowrap' }}>{String(linha[coluna] ?? '')}</span> : quantidade(coluna, linha));
  const nome = (lista: { value: string; label: string }[], id: string | null) => lista.find((o) => o.value === id)?.label ?? id ?? '';
  const filtrosPdf: [string, string][] = [
    [t('relatorioEstoqueCompras.fornecedor'), fornecedor ? nome(opcoesFornecedor, fornecedor) : t('relatorioEstoqueCompras.todosFornecedores')],
    [t('relatorioEstoqueCompras.produto'), produto ? nome(opcoesProduto, produto) : t('relatorioEstoqueCompras.todosProdutos')],
  ];
  const evolucao = r?.evolucao ?? null;

  return (
    <PaginaRelatorio testid="relatorio-estoque-compras" titulo={t('relatorioEstoqueCompras.titulo')} explicacao={t('relatorioEstoqueCompras.explicacao')}>
      <BarraFiltros
        testid="compras-filtros"
        de={base.de}
        ate={base.ate}
        hoje={hoje}
        alterar={alterar}
        exportar={
          r
            ? {
                recurso,
                registros: [...registros, total],
                arquivo: `compras-${base.de}-a-${base.ate}`,
                titulo: t('relatorioEstoqueCompras.titulo'),
                filtros: filtrosPdf,
                secoes: [
                  { titulo: t('relatorioEstoqueCompras.porFornecedor'), colunas: colunasFornecedor, linhas: [...fornecedores, totalFornecedores] },
                  { titulo: t('relatorioEstoqueCompras.porProduto'), colunas: colunasProduto, linhas: [...produtos, totalProdutos] },
                  { titulo: t('relatorioEstoqueCompras.compras'), colunas, linhas: [...registros, total] },
                ],
              }
            : null
        }
      >
        <EscolhaFiltro multipla={false} rotulo={t('relatorioEstoqueCompras.fornecedor')} todos={t('relatorioEstoqueCompras.todosFornecedores')} opcoes={opcoesFornecedor} valor={fornecedor} alterar={(v) => alterar({ fornecedor: v })} largura={240} testid="compras-fornecedor-filtro" />
        <EscolhaFiltro multipla={false} rotulo={t('relatorioEstoqueCompras.produto')} todos={t('relatorioEstoqueCompras.todosProdutos')} opcoes={opcoesProduto} valor={produto} alterar={(v) => alterar({ produto: v })} largura={240} testid="compras-produto-filtro" />
      </BarraFiltros>
      <EstadoRelatorio erro={erro} dados={r} vazio={(d) => d.linhas.length === 0 && t('relatorioEstoqueCompras.vazio')} vazioAjuda={t('relatorioEstoqueCompras.vazioAjuda')}>
        {(d) => (
          <>
            <Cartoes
              cartoes={[
                { testid: 'compras-total', titulo: t('relatorioEstoqueCompras.totalComprado'), valor: formatCentavos(d.totais.valor), detalhe: t('relatorioEstoqueCompras.quantas', { count: d.totais.compras }) },
                { testid: 'compras-fornecedores', titulo: t('relatorioEstoqueCompras.fornecedores'), valor: String(d.totais.fornecedores) },
                { testid: 'compras-produtos', titulo: t('relatorioEstoqueCompras.produtos'), valor: String(d.totais.produtos) },
                { testid: 'compras-origens', titulo: t('relatorioEstoqueCompras.origens'), valor: String(d.totais.compras), detalhe: t('relatorioEstoqueCompras.origensDetalhe', { pedidos: d.totais.pedidos, notas: d.totais.notas }) },
              ]}
            />
            {d.truncado ? <Alert color="yellow">{t('relatoriosEstoque.truncado')}</Alert> : null}
            {evolucao ? (
              <SecaoRelatorio
                titulo={evolucao.unidade ? t('relatorioEstoqueCompras.evolucao', { produto: evolucao.descricao ?? '', unidade: evolucao.unidade }) : t('relatorioEstoqueCompras.evolucaoSemUnidade', { produto: evolucao.descricao ?? '' })}
                testid="compras-evolucao"
              >
                <Text size="xs" c="dimmed" mb={4}>
                  {t('relatorioEstoqueCompras.evolucaoAjuda')}
                </Text>
                {/* Bar heights in whole centavos; the tooltip gives the exact price. */}
                <GraficoBarras
                  testid="relatorio-grafico"
                  sequencia
                  itens={evolucao.pontos.map((p) => ({ rotulo: dataHora(p.data).slice(0, 5), valor: Math.round(Number(p.precoUnitario)), dica: `${dataHora(p.data)} · ${p.fornecedorNome ?? ''}: ${formatCusto(p.precoUnitario)}` }))}
                />
              </SecaoRelatorio>
            ) : null}
            <SecaoRelatorio titulo={t('relatorioEstoqueCompras.porFornecedor')} testid="compras-por-fornecedor">
              <TabelaRelatorio colunas={colunasFornecedor} linhas={fornecedores} totais={totalFornecedores} testid="compras-fornecedores-tabela" minWidth={560} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioEstoqueCompras.porProduto')} testid="compras-por-produto">
              <TabelaRelatorio colunas={colunasProduto} linhas={produtos} totais={totalProdutos} celula={celulaProduto} testid="compras-produtos-tabela" linhaTestid="compras-produto-linha" minWidth={900} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioEstoqueCompras.compras')} testid="compras-linhas">
              <TabelaRelatorio colunas={colunas} linhas={registros} totais={total} celula={semQuebra} testid="relatorio-tabela" linhaTestid="compras-relatorio-linha" minWidth={1000} />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
