import { Badge } from '@mantine/core';
import type { Campo, LinhaProdutoVendido } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { pontosBase, recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { EstadoRelatorio, GraficoETabela, PaginaRelatorio } from './PaginaRelatorio.tsx';
import { useConsultaRelatorio } from './useConsultaRelatorio.ts';
import { useFiltroRelatorio } from './useFiltroRelatorio.ts';

const colunas = {
  codigo: { rotulo: 'Código', tipo: 'texto' },
  descricao: { rotulo: 'Produto', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  vendas: { rotulo: 'Vendas', tipo: 'inteiro' },
  total: { rotulo: 'Total', tipo: 'dinheiro' },
  participacao: { rotulo: 'Participação', tipo: 'percentual' },
  acumulado: { rotulo: 'Acumulado', tipo: 'percentual' },
  classe: { rotulo: 'Curva ABC', tipo: 'texto' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioVendaProdutos', 'Vendas por produto', colunas);
const CORES = { A: 'teal', B: 'yellow', C: 'gray' } as const;

/** The row as the table and the exports show it: shares as exact percentage text. */
const paraRegistro = (l: LinhaProdutoVendido): Registro => ({ ...l, _id: l.produto, participacao: pontosBase(l.participacao), acumulado: pontosBase(l.acumulado) });

/** relatorioVendaProdutos: what each product sold in the period, with the ABC curve. */
export default function RelatorioVendaProdutosPage() {
  const { t } = useTranslation();
  const { filtro, hoje, alterar } = useFiltroRelatorio();
  const { dados: linhas, erro } = useConsultaRelatorio<LinhaProdutoVendido[]>('relatorioVendaProdutos', filtro);
  const registros = (linhas ?? []).map(paraRegistro);
  const total = (linhas ?? []).reduce((s, l) => s + l.total, 0);
  const totais: Registro = { _id: 'total', codigo: t('relatorioVenda.total'), total };
  return (
    <PaginaRelatorio testid="relatorio-produtos" titulo={t('relatorioProdutos.titulo')} explicacao={t('relatorioProdutos.explicacao')}>
      <FiltrosRelatorio filtro={filtro} hoje={hoje} alterar={alterar} exportar={linhas ? { recurso, registros: [...registros, totais], arquivo: `vendas-por-produto-${filtro.de}-a-${filtro.ate}` } : null} />
      <EstadoRelatorio erro={erro} dados={linhas} vazio={(l) => l.length === 0 && t('relatorioVenda.vazio')}>
        {(linhas) => (
          <GraficoETabela
            barras={linhas.slice(0, 30).map((l) => ({ rotulo: l.descricao, valor: l.total }))}
            colunas={colunas}
            linhas={registros}
            totais={totais}
            celula={(coluna, linha) => (coluna === 'classe' && linha.classe ? <Badge color={CORES[linha.classe as 'A']}>{String(linha.classe)}</Badge> : undefined)}
          />
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
