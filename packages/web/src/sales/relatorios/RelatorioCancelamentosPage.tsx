import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Campo, RelatorioCancelamentos as Cancelamentos } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos } from '../../resources/format.ts';
import { quando, recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { EstadoRelatorio, PaginaRelatorio, SecaoRelatorio } from './PaginaRelatorio.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
import { useConsultaRelatorio } from './useConsultaRelatorio.ts';
import { useFiltroRelatorio, type FiltroBase } from './useFiltroRelatorio.ts';

const colunasVendas = {
  canceladaEm: { rotulo: 'Cancelada em', tipo: 'texto' },
  loja: { rotulo: 'Loja', tipo: 'texto' },
  pedidoId: { rotulo: 'Pedido', tipo: 'texto' },
  canal: { rotulo: 'Canal', tipo: 'texto' },
  por: { rotulo: 'Quem cancelou', tipo: 'texto' },
  motivo: { rotulo: 'Motivo', tipo: 'texto' },
  total: { rotulo: 'Valor', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const colunasItens = {
  canceladoEm: { rotulo: 'Cancelado em', tipo: 'texto' },
  loja: { rotulo: 'Loja', tipo: 'texto' },
  pedidoId: { rotulo: 'Pedido', tipo: 'texto' },
  produto: { rotulo: 'Produto', tipo: 'texto' },
  quantidade: { rotulo: 'Quantidade', tipo: 'decimal' },
  por: { rotulo: 'Quem cancelou', tipo: 'texto' },
  motivo: { rotulo: 'Motivo', tipo: 'texto' },
  valor: { rotulo: 'Valor', tipo: 'dinheiro' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioVendaCancelamentos', 'Cancelamentos', colunasVendas);


/** relatorioVendaCancelamentos: sales cancelled whole and items cancelled, who, when and why. */
export default function RelatorioCancelamentosPage() {
  const { t } = useTranslation();
  const { filtro, hoje, alterar } = useFiltroRelatorio();
  const { dados: r, erro } = useConsultaRelatorio<Cancelamentos>('relatorioVendaCancelamentos', filtro satisfies FiltroBase);
  const vendas: Registro[] = (r?.vendas ?? []).map((v) => ({ ...v, _id: v.venda, canceladaEm: quando(v.canceladaEm) }));
  const itens: Registro[] = (r?.itens ?? []).map((i, n) => ({ ...i, _id: `${i.venda}-${n}`, canceladoEm: quando(i.canceladoEm) }));
  return (
    <PaginaRelatorio testid="relatorio-cancelamentos" titulo={t('relatorioCancelamentos.titulo')} explicacao={t('relatorioCancelamentos.explicacao')}>
      <FiltrosRelatorio filtro={filtro} hoje={hoje} alterar={alterar} exportar={
          r
            ? {
                recurso,
                registros: vendas,
                arquivo: `vendas-canceladas-${filtro.de}-a-${filtro.ate}`,
                secoes: [
                  { titulo: t('relatorioCancelamentos.vendas'), colunas: colunasVendas, linhas: [...vendas, { _id: 'total', canceladaEm: t('relatorioVenda.total'), total: r.totais.valorVendas }] },
                  { titulo: t('relatorioCancelamentos.itens'), colunas: colunasItens, linhas: [...itens, { _id: 'total', canceladoEm: t('relatorioVenda.total'), valor: r.totais.valorItens }] },
                ],
              }
            : null
        } />
      <EstadoRelatorio erro={erro} dados={r}>
        {(r) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {[
                { testid: 'cancelamentos-vendas-total', titulo: t('relatorioCancelamentos.vendas'), quantos: r.totais.vendas, valor: r.totais.valorVendas },
                { testid: 'cancelamentos-itens-total', titulo: t('relatorioCancelamentos.itens'), quantos: r.totais.itens, valor: r.totais.valorItens },
              ].map((c) => (
                <Paper key={c.testid} withBorder p="md" radius="md" data-testid={c.testid}>
                  <Text size="sm" c="dimmed">
                    {c.titulo}
                  </Text>
                  <Text fz={24} fw={700}>
                    {c.quantos} · {formatCentavos(c.valor)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <SecaoRelatorio titulo={t('relatorioCancelamentos.vendas')} vazia={!vendas.length && t('relatorioCancelamentos.nenhuma')}>
              <TabelaRelatorio colunas={colunasVendas} linhas={vendas} testid="cancelamentos-vendas" linhaTestid="cancelamentos-vendas-linha" />
            </SecaoRelatorio>
            <SecaoRelatorio titulo={t('relatorioCancelamentos.itens')} vazia={!itens.length && t('relatorioCancelamentos.nenhum')}>
              <TabelaRelatorio colunas={colunasItens} linhas={itens} testid="cancelamentos-itens" linhaTestid="cancelamentos-itens-linha" />
            </SecaoRelatorio>
          </>
        )}
      </EstadoRelatorio>
    </PaginaRelatorio>
  );
}
