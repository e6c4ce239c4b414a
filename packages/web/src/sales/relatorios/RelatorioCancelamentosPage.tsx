import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Campo, RelatorioCancelamentos as Cancelamentos } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import type { Registro } from '../../resources/exportar.ts';
import { formatCentavos } from '../../resources/format.ts';
import { useGeral } from '../../session/store.ts';
import { quando, recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { CarregandoRelatorio } from './Progresso.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
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
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: ['relatorioVendaCancelamentos', empresa, filtro],
    queryFn: ({ signal }) => api.post<Cancelamentos>('relatorioVendaCancelamentos', filtro satisfies FiltroBase, { signal }),
    enabled: Boolean(empresa),
  });
  const r = consulta.data;
  const vendas: Registro[] = (r?.vendas ?? []).map((v) => ({ ...v, _id: v.venda, canceladaEm: quando(v.canceladaEm) }));
  const itens: Registro[] = (r?.itens ?? []).map((i, n) => ({ ...i, _id: `${i.venda}-${n}`, canceladoEm: quando(i.canceladoEm) }));
  return (
    <Stack gap="lg" maw={1400} data-testid="relatorio-cancelamentos">
      <div>
        <Title order={2}>{t('relatorioCancelamentos.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('relatorioCancelamentos.explicacao')}
        </Text>
      </div>
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
      {consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null}
      {!r ? (
        <CarregandoRelatorio />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Paper withBorder p="md" radius="md" data-testid="cancelamentos-vendas-total">
              <Text size="sm" c="dimmed">
                {t('relatorioCancelamentos.vendas')}
              </Text>
              <Text fz={24} fw={700}>
                {r.totais.vendas} · {formatCentavos(r.totais.valorVendas)}
              </Text>
            </Paper>
            <Paper withBorder p="md" radius="md" data-testid="cancelamentos-itens-total">
              <Text size="sm" c="dimmed">
                {t('relatorioCancelamentos.itens')}
              </Text>
              <Text fz={24} fw={700}>
                {r.totais.itens} · {formatCentavos(r.totais.valorItens)}
              </Text>
            </Paper>
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="sm">
              {t('relatorioCancelamentos.vendas')}
            </Title>
            {vendas.length ? <TabelaRelatorio colunas={colunasVendas} linhas={vendas} testid="cancelamentos-vendas" linhaTestid="cancelamentos-vendas-linha" /> : <Text c="dimmed">{t('relatorioCancelamentos.nenhuma')}</Text>}
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Title order={4} mb="sm">
              {t('relatorioCancelamentos.itens')}
            </Title>
            {itens.length ? <TabelaRelatorio colunas={colunasItens} linhas={itens} testid="cancelamentos-itens" linhaTestid="cancelamentos-itens-linha" /> : <Text c="dimmed">{t('relatorioCancelamentos.nenhum')}</Text>}
          </Paper>
        </>
      )}
    </Stack>
  );
}
