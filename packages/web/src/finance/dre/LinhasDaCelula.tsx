import { Alert, Drawer, Table, Text } from '@mantine/core';
import { dataBr, type LinhasDre, type RelatorioDre } from '@retaguarda/domain';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../../resources/format.ts';
import { CarregandoRelatorio } from '../../sales/relatorios/Progresso.tsx';
import { useConsultaRelatorio } from '../../sales/relatorios/useConsultaRelatorio.ts';
import type { FiltroDreTela } from './useFiltroDre.ts';

export interface Celula {
  planoConta: string;
  /** A column's key, or null for the total. */
  coluna: string | null;
}

/** The lines behind a cell of the statement (drill-down): each ledger row or título, their total equal to the cell. */
export function LinhasDaCelula({ filtro, dre, celula, fechar }: { filtro: FiltroDreTela; dre: RelatorioDre; celula: Celula | null; fechar: () => void }) {
  const { t } = useTranslation();
  const estreito = useMediaQuery('(max-width: 48em)');
  const { dados, erro } = useConsultaRelatorio<LinhasDre>('relatorioFinanceiroPlanoDeContas/linhas', { ...filtro, ...celula }, { chave: 'relatorioFinanceiroPlanoDeContasLinhas', ativa: celula !== null });
  const linha = dre.linhas.find((l) => l.planoConta === celula?.planoConta);
  const coluna = dre.colunas.find((c) => c.chave === celula?.coluna)?.rotulo ?? t('dre.periodoTodo');
  const loja = new Map(dre.empresas.map((e) => [e._id, e.nome]));
  return (
    <Drawer
      opened={celula !== null}
      onClose={fechar}
      position="right"
      size={estreito ? '100%' : 'xl'}
      title={<Text fw={600} size="lg">{linha ? `${linha.codigo} ${linha.nome} · ${coluna}` : ''}</Text>}
      closeButtonProps={{ 'aria-label': t('dre.fechar') }}
      data-testid="dre-linhas"
    >
      {erro ? <Alert color="red">{erro.message}</Alert> : null}
      {!dados ? (
        <CarregandoRelatorio />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {t(`dre.linhasAjuda_${dre.regime}`)}
          </Text>
          {dados.quantidade > dados.linhas.length ? (
            <Alert mb="sm" data-testid="dre-linhas-limite">
              {t('dre.linhasLimite', { mostradas: dados.linhas.length, quantidade: dados.quantidade })}
            </Alert>
          ) : null}
          <Table striped data-testid="dre-linhas-tabela">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dre.data')}</Table.Th>
                <Table.Th>{t('dre.loja')}</Table.Th>
                <Table.Th>{t('dre.origem')}</Table.Th>
                <Table.Th>{t('dre.descricao')}</Table.Th>
                <Table.Th ta="right">{t('dre.valor')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dados.linhas.map((l) => (
                <Table.Tr key={`${l.origem}-${l._id}`} data-testid="dre-linhas-linha">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dataBr(l.data)}</Table.Td>
                  <Table.Td>{loja.get(l.empresa) ?? l.empresa}</Table.Td>
                  <Table.Td>{t(`dre.origem_${l.origem}`)}</Table.Td>
                  <Table.Td>{l.descricao}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCentavos(l.valor)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td colSpan={4}>{t('dre.totalCelula', { count: dados.quantidade })}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="dre-linhas-total">
                  {formatCentavos(dados.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </>
      )}
    </Drawer>
  );
}
