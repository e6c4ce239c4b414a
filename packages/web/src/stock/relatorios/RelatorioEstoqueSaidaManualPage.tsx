import { Alert, Badge, Tooltip } from '@mantine/core';
import { motivosSaidaManual, type Campo, type RelatorioSaidaManual } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos, formatDecimalExato } from '../../resources/format.ts';
import { useOpcoesReferencia } from '../../resources/ReferenciaInput.tsx';
import { EscolhaFiltro } from '../../sales/relatorios/EscolhaFiltro.tsx';
import { recursoDeRelatorio } from '../../sales/relatorios/exportarRelatorio.ts';
import { GraficoBarras } from '../../sales/relatorios/GraficoBarras.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from '../../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../../sales/relatorios/TabelaRelatorio.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import { useFiltroRelatorio } from '../../sales/relatorios/useFiltroRelatorio.ts';
import { dataHora, formatQtd } from '../formatoEstoque.ts';
import { ProdutoEstoqueInput } from '../ProdutoEstoqueInput.tsx';
import { BarraFiltros } from './BarraFiltros.tsx';
import { Cartoes } from './Cartoes.tsx';
import { percentual, registrosPorMotivo, registrosPorProduto, registrosSaidas } from './registros.ts';
import { TabelaLonga } from './TabelaLonga.tsx';
import { useProdutoDaUrl } from './useProdutoDaUrl.ts';
import { useUsuariosFiltro } from './useUsuariosFiltro.ts';

const colunasSaidas = {
  quando: { rotulo: 'Data', tipo: 'texto' },
  numero: { rotulo: 'Nº', tipo: 'inteiro' },
  motivo: { rotulo: 'Motivo', tipo: 'texto' },
  situacao: { rotulo: 'Situação', tipo: 'texto' },
  localDescricao: { rotulo: 'Local', tipo: 'texto' },
  codigo: { rotulo: 'Código', tipo: 'texto' },
  descricao: { rotulo: 'Produto', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  custoUnitario: { rotulo: 'Custo unitário', tipo: 'texto' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
  usuario: { rotulo: 'Usuário', tipo: 'texto' },
} as const satisfies Record<string, Campo>;
// On the screen the quantity carries its unit and the product its name only (the files keep both apart).
const { unidade: _u, codigo: _c, ...colunasSaidasTela } = colunasSaidas;
const colunasMotivo = {
  motivo: { rotulo: 'Motivo', tipo: 'texto' },
  documentos: { rotulo: 'Documentos', tipo: 'inteiro' },
  linhas: { rotulo: 'Itens', tipo: 'inteiro' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
  percentual: { rotulo: '% do total', tipo: 'percentual' },
} as const satisfies Record<string, Campo>;
const colunasProduto = {
  codigo: { rotulo: 'Código', tipo: 'texto' },
  descricao: { rotulo: 'Produto', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  unidade: { rotulo: 'Unidade', tipo: 'texto' },
  linhas: { rotulo: 'Saídas', tipo: 'inteiro' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
  percentual: { rotulo: '% do total', tipo: 'percentual' },
} as const satisfies Record<string, Campo>;
const { unidade: _p, ...colunasProdutoTela } = colunasProduto;
const recurso = recursoDeRelatorio('relatorioEstoqueSaidaManual', 'Saídas manuais', colunasSaidas);
const motivosValidos = new Set<string>(motivosSaidaManual);

/**
 * relatorioEstoqueSaidaManual: where the losses go. The period's manual exits by reason, product,
 * location and user (?de=&ate=&motivos=Perda,Quebra&local=&produto=&usuario=), valued at cost: the
 * value per reason as a chart and a table, per product, and every line; reversed ones marked and
 * left out of the totals.
 */
export default function RelatorioEstoqueSaidaManualPage() {
  const { t } = useTranslation();
  const { filtro: base, hoje, params, alterar } = useFiltroRelatorio({ comEmpresas: false });
  const motivos = (params.get('motivos') ?? '').split(',').filter((m) => motivosValidos.has(m)) as (typeof motivosSaidaManual)[number][];
  const localId = params.get('local') || null;
  const produtoId = params.get('produto') || null;
  const usuarioId = params.get('usuario') || null;
  const produto = useProdutoDaUrl(produtoId).data ?? null;
  const locais = useOpcoesReferencia('estoqueCadastro').data ?? [];
  const usuarios = useUsuariosFiltro('relatorioEstoqueSaidaManual');
  const filtro = {
    de: base.de,
    ate: base.ate,
    ...(motivos.length ? { motivos } : {}),
    ...(localId ? { local: localId } : {}),
    ...(produtoId ? { produto: produtoId } : {}),
    ...(usuarioId ? { usuario: usuarioId } : {}),
  };
  const { dados: r, erro } = useConsultaRelatorio<RelatorioSaidaManual>('relatorioEstoqueSaidaManual', filtro);
  const total = r?.totais.valor ?? 0;
  const saidas = r ? registrosSaidas(r.linhas, t('relatorioEstoqueSaidaManual.estornada')) : [];
  const porMotivo = r ? registrosPorMotivo(r.porMotivo, total) : [];
  const porProduto = r ? registrosPorProduto(r.porProduto, total) : [];
  const totalMotivo: Registro = { _id: 'total', motivo: t('relatoriosEstoque.total'), documentos: r?.totais.documentos ?? 0, linhas: r?.totais.linhas ?? 0, valor: total, percentual: total ? '100.00' : '0.00' };
  const totalProduto: Registro = { _id: 'total', descricao: t('relatoriosEstoque.total'), linhas: r?.totais.linhas ?? 0, valor: total, percentual: total ? '100.00' : '0.00' };
  const totalSaidas: Registro = { _id: 'total', quando: t('relatoriosEstoque.total'), valor: total };
  const nome = (lista: { value: string; label: string }[], id: string | null) => lista.find((o) => o.value === id)?.label ?? id ?? '';
  const filtrosPdf: [string, string][] = [
    [t('relatorioEstoqueSaidaManual.motivos'), motivos.length ? motivos.join(', ') : t('relatorioEstoqueSaidaManual.todosMotivos')],
    [t('relatoriosEstoque.local'), localId ? nome(locais, localId) : t('relatoriosEstoque.todosLocais')],
    ...(produtoId ? [[t('relatoriosEstoque.produto'), produto?.rotulo ?? produtoId] as [string, string]] : []),
    ...(usuarioId ? [[t('relatoriosEstoque.usuario'), nome(usuarios, usuarioId)] as [string, string]] : []),
  ];
  const linhaPorId = new Map((r?.linhas ?? []).map((l) => [l._id, l]));
  const celula = (coluna: string, linha: Registro) => {
    if (linha._id === 'total') return undefined;
    if (coluna === 'quantidade') return formatQtd(String(linha.quantidade), String(linha.unidade ?? '') || null);
    if (coluna === 'quando') return <span style={{ whiteSpace: 'nowrap' }}>{String(linha.quando)}</span>;
    if (coluna === 'situacao') {
      const l = linhaPorId.get(String(linha._id));
      if (!l?.estornado) return '';
      return (
        <Tooltip label={t('relatorioEstoqueSaidaManual.estornadaEm', { quando: dataHora(l.estornadoEm), motivo: l.motivoEstorno ?? '' })} multiline w={280} withinPortal>
          <Badge color="red" variant="light" style={{ minWidth: 'max-content' }} data-testid="saida-estornada">
            {t('relatorioEstoqueSaidaManual.estornada')}
          </Badge>
        </Tooltip>
      );
    }
    // A reversed line's value is struck through: it is not in the totals.
    if (coluna === 'valor' && linhaPorId.get(String(linha._id))?.estornado) return <s>{formatCentavos(Number(linha.valor))}</s>;
    return undefined;
  };
  const celulaProduto = (coluna: string, linha: Registro) => (coluna === 'quantidade' && linha._id !== 'total' ? formatQtd(String(linha.quantidade), String(linha.unidade ?? '') || null) : undefined);
  const maior = r?.porMotivo[0];

  return (
    <PaginaRelatorio testid="relatorio-estoque-saida-manual" titulo={t('relatorioEstoqueSaidaManual.titulo')} explicacao={t('relatorioEstoqueSaidaManual.explicacao')}>
      <BarraFiltros
        testid="saida-filtros"
        de={base.de}
        ate={base.ate}
        hoje={hoje}
        alterar={alterar}
        exportar={
          r
            ? {
                recurso,
                registros: [...saidas, totalSaidas],
                arquivo: `saidas-manuais-${base.de}-a-${base.ate}`,
                titulo: t('relatorioEstoqueSaidaManual.titulo'),
                filtros: filtrosPdf,
                secoes: [
                  { titulo: t('relatorioEstoqueSaidaManual.porMotivo'), colunas: colunasMotivo, linhas: [...porMotivo, totalMotivo] },
                  { titulo: t('relatorioEstoqueSaidaManual.porProduto'), colunas: colunasProduto, linhas: [...porProduto, totalProduto] },
                  { titulo: t('relatorioEstoqueSaidaManual.saidas'), colunas: colunasSaidas, linhas: [...saidas, totalSaidas] },
                ],
              }
            : null
        }
      >
        <EscolhaFiltro
          multipla
          rotulo={t('relatorioEstoqueSaidaManual.motivos')}
          todos={t('relatorioEstoqueSaidaManual.todosMotivos')}
          opcoes={[...motivosSaidaManual]}
          valor={motivos}
          alterar={(v) => alterar({ motivos: v.length ? v.join(',') : null })}
          largura={220}
          larguraMaxima={420}
          testid="saida-motivos"
        />
        <EscolhaFiltro multipla={false} rotulo={t('relatoriosEstoque.local')} todos={t('relatoriosEstoque.todosLocais')} opcoes={locais} valor={localId} alterar={(v) => alterar({ local: v })} largura={200} busca testid="saida-local" />
        <ProdutoEstoqueInput key={produto?.id ?? 'nenhum'} label={t('relatoriosEstoque.produto')} valor={produto} onChange={(p) => alterar({ produto: p?.id ?? null })} testid="saida-produto" w={260} />
        <EscolhaFiltro multipla={false} rotulo={t('relatoriosEstoque.usuario')} todos={t('relatoriosEstoque.todosUsuarios')} opcoes={usuarios} valor={usuarioId} alterar={(v) => alterar({ usuario: v })} largura={200} busca testid="saida-usuario" />
      </BarraFiltros>
      <EstadoRelatorio erro={erro} dados={r} vazio={(d) => d.linhas.length === 0 && t('relatorioEstoqueSaidaManual.vazio')} vazioAjuda={t('relatorioEstoqueSaidaManual.vazioAjuda')}>
        {(d) => (
          <>
            <Cartoes
              cartoes={[
                { testid: 'saida-total', titulo: t('relatorioEstoqueSaidaManual.totalPerdido'), valor: formatCentavos(d.totais.valor), detalhe: t('relatorioEstoqueSaidaManual.documentos', { count: d.totais.documentos }), cor: d.totais.valor ? 'red' : undefined },
                {
                  testid: 'saida-maior-motivo',
                  titulo: t('relatorioEstoqueSaidaManual.maiorMotivo'),
                  valor: maior ? maior.motivo : t('relatorioEstoqueSaidaManual.semMotivo'),
                  ...(maior ? { detalhe: `${formatCentavos(maior.valor)} · ${t('relatorioEstoqueSaidaManual.participacao', { percentual: formatDecimalExato(percentual(maior.valor, d.totais.valor), 2) })}` } : {}),
                },
                { testid: 'saida-estornadas', titulo: t('relatorioEstoqueSaidaManual.estornadas'), valor: formatCentavos(d.estornados.valor), detalhe: t('relatorioEstoqueSaidaManual.documentos', { count: d.estornados.documentos }) },
              ]}
            />
            {d.truncado ? (
              <Alert color="yellow" data-testid="saida-truncado">
                {t('relatoriosEstoque.truncado')}
              </Alert>
            ) : null}
            {d.porMotivo.length ? <GraficoBarras testid="relatorio-grafico" itens={d.porMotivo.map((m) => ({ rotulo: m.motivo, valor: m.valor }))} /> : null}
            <SecaoRelatorio titulo={t('relatorioEstoqueSaidaManual.porMotivo')} testid="saida-por-motivo" vazia={!porMotivo.length && t('relatorioEstoqueSaidaManual.vazio')}>
              <TabelaRelatorio colunas={colunasMotivo} linhas={porMotivo} totais={totalMotivo} testid="saida-motivos-tabela" linhaTestid="saida-motivo-linha" minWidth={520} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioEstoqueSaidaManual.porProduto')} ajuda={t('relatorioEstoqueSaidaManual.porProdutoAjuda')} testid="saida-por-produto" vazia={!porProduto.length && t('relatorioEstoqueSaidaManual.vazio')}>
              <TabelaLonga colunas={colunasProdutoTela} linhas={porProduto} totais={totalProduto} celula={celulaProduto} testid="saida-produtos-tabela" linhaTestid="saida-produto-linha" minWidth={640} />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioEstoqueSaidaManual.saidas')} testid="saida-linhas">
              <TabelaLonga colunas={colunasSaidasTela} linhas={saidas} totais={totalSaidas} celula={celula} testid="relatorio-tabela" linhaTestid="saida-linha" minWidth={1000} />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
