import { Alert, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { Campo } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { useGeral } from '../../session/store.ts';
import { pontosBase, recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { CarregandoRelatorio } from './Progresso.tsx';
import { GraficoBarras } from './GraficoBarras.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
import { relatorioProdutosApi, relatorioProdutosKeys, type LinhaProdutoVendido } from './relatorioVendaProdutosApi.ts';
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
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({ queryKey: relatorioProdutosKeys.consulta(empresa, filtro), queryFn: ({ signal }) => relatorioProdutosApi.consultar(filtro, signal), enabled: Boolean(empresa) });
  const linhas = consulta.data;
  const registros = (linhas ?? []).map(paraRegistro);
  const total = (linhas ?? []).reduce((s, l) => s + l.total, 0);
  const totais: Registro = { _id: 'total', codigo: t('relatorioVenda.total'), total };
  return (
    <Stack gap="lg" maw={1400} data-testid="relatorio-produtos">
      <div>
        <Title order={2}>{t('relatorioProdutos.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('relatorioProdutos.explicacao')}
        </Text>
      </div>
      <FiltrosRelatorio filtro={filtro} hoje={hoje} alterar={alterar} exportar={linhas ? { recurso, registros: [...registros, totais], arquivo: `vendas-por-produto-${filtro.de}-a-${filtro.ate}` } : null} />
      {consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null}
      {!linhas ? (
        <CarregandoRelatorio />
      ) : linhas.length === 0 ? (
        <Alert title={t('relatorioVenda.vazio')}>{t('relatorioVenda.vazioAjuda')}</Alert>
      ) : (
        <>
          <GraficoBarras testid="relatorio-grafico" itens={linhas.slice(0, 30).map((l) => ({ rotulo: l.descricao, valor: l.total }))} />
          <Paper withBorder radius="md">
            <TabelaRelatorio
              colunas={colunas}
              linhas={registros}
              totais={totais}
              celula={(coluna, linha) => (coluna === 'classe' && linha.classe ? <Badge color={CORES[linha.classe as 'A']}>{String(linha.classe)}</Badge> : undefined)}
              testid="relatorio-tabela"
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
