import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Campo, LinhaDesconto } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import type { Registro } from '../../resources/exportar.ts';
import { useGeral } from '../../session/store.ts';
import { pontosBase, recursoDeRelatorio } from './exportarRelatorio.ts';
import { FiltrosRelatorio } from './FiltrosRelatorio.tsx';
import { CarregandoRelatorio } from './Progresso.tsx';
import { GraficoBarras } from './GraficoBarras.tsx';
import { TabelaRelatorio } from './TabelaRelatorio.tsx';
import { useFiltroRelatorio } from './useFiltroRelatorio.ts';

const colunas = {
  descricao: { rotulo: 'Motivo', tipo: 'texto' },
  onde: { rotulo: 'Aplicado em', tipo: 'texto' },
  vezes: { rotulo: 'Vezes', tipo: 'inteiro' },
  desconto: { rotulo: 'Desconto', tipo: 'dinheiro' },
  base: { rotulo: 'Valor bruto', tipo: 'dinheiro' },
  percentual: { rotulo: '% do bruto', tipo: 'percentual' },
} as const satisfies Record<string, Campo>;
const recurso = recursoDeRelatorio('relatorioVendaDescontos', 'Descontos', colunas);

/** relatorioVendaDescontos: the period's discounts by reason, on sales and on items. */
export default function RelatorioDescontosPage() {
  const { t } = useTranslation();
  const { filtro, hoje, alterar } = useFiltroRelatorio();
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: ['relatorioVendaDescontos', empresa, filtro],
    queryFn: ({ signal }) => api.post<LinhaDesconto[]>('relatorioVendaDescontos', filtro, { signal }),
    enabled: Boolean(empresa),
  });
  const linhas = consulta.data;
  const registros: Registro[] = (linhas ?? []).map((l) => ({ ...l, _id: `${l.motivo ?? ''}-${l.onde}`, onde: t(`relatorioDescontos.onde_${l.onde}`), percentual: pontosBase(l.percentual) }));
  const soma = (campo: 'vezes' | 'desconto' | 'base') => (linhas ?? []).reduce((s, l) => s + l[campo], 0);
  const totais: Registro = { _id: 'total', descricao: t('relatorioVenda.total'), vezes: soma('vezes'), desconto: soma('desconto'), base: soma('base') };
  return (
    <Stack gap="lg" maw={1400} data-testid="relatorio-descontos">
      <div>
        <Title order={2}>{t('relatorioDescontos.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('relatorioDescontos.explicacao')}
        </Text>
      </div>
      <FiltrosRelatorio filtro={filtro} hoje={hoje} alterar={alterar} exportar={linhas ? { recurso, registros: [...registros, totais], arquivo: `descontos-${filtro.de}-a-${filtro.ate}` } : null} />
      {consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null}
      {!linhas ? (
        <CarregandoRelatorio />
      ) : linhas.length === 0 ? (
        <Alert title={t('relatorioDescontos.vazio')}>{t('relatorioVenda.vazioAjuda')}</Alert>
      ) : (
        <>
          <GraficoBarras testid="relatorio-grafico" itens={linhas.map((l) => ({ rotulo: `${l.descricao} (${t(`relatorioDescontos.onde_${l.onde}`)})`, valor: l.desconto }))} />
          <Paper withBorder radius="md">
            <TabelaRelatorio colunas={colunas} linhas={registros} totais={totais} testid="relatorio-tabela" minWidth={700} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
