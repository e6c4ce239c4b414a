import { Alert, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { tiposMovimento } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { formatCentavos } from '../resources/format.ts';
import type { ProdutoEscolhido } from './documentoForm.ts';
import type { ResultadoDocumento } from './estoqueApi.ts';
import { dataHora, formatCusto, formatQtd } from './formatoEstoque.ts';

interface Props {
  previa: ResultadoDocumento;
  produtos: ReadonlyMap<string, ProdutoEscolhido>;
  locais: ReadonlyMap<string, string>;
}

const negativo = (q: string) => q.trim().startsWith('-') && /[1-9]/.test(q);

/** What a document would change, per product: the company's balance and average cost, each location's balance, and later movements left negative. */
export function PreviaEstoque({ previa, produtos, locais }: Props) {
  const { t } = useTranslation();
  const local = (id: string) => locais.get(id) ?? id;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="estoque-previa">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={5}>{t('estoqueDoc.previaTitulo')}</Title>
          <Text size="sm" fw={600} data-testid="estoque-previa-valor">
            {t('estoqueDoc.previaValor', { valor: formatCentavos(previa.valor) })}
          </Text>
        </Group>
        {previa.efeitos.map((e) => {
          const produto = produtos.get(e.produtoId);
          const unidade = produto?.unidade ?? null;
          return (
            <Stack key={e.produtoId} gap={6} data-testid="estoque-previa-produto">
              <Text fw={600} size="sm">
                {produto?.rotulo ?? e.produtoId}
              </Text>
              <Table withRowBorders={false} verticalSpacing={2} fz="sm">
                <Table.Tbody>
                  {e.saldos.map((s) => (
                    <Table.Tr key={s.localId} data-testid="estoque-previa-saldo">
                      <Table.Td>{local(s.localId)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c={negativo(s.depois) ? 'red' : undefined}>
                        {t('estoqueDoc.antesDepois', { antes: formatQtd(s.antes, unidade), depois: formatQtd(s.depois, unidade) })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Td c="dimmed">{t('estoqueDoc.previaSaldo')}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c="dimmed">
                      {t('estoqueDoc.antesDepois', { antes: formatQtd(e.antes.quantidade, unidade), depois: formatQtd(e.depois.quantidade, unidade) })}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td c="dimmed">{t('estoqueDoc.previaCusto')}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c="dimmed" data-testid="estoque-previa-custo">
                      {t('estoqueDoc.antesDepois', { antes: formatCusto(e.antes.custoMedio), depois: formatCusto(e.depois.custoMedio) })}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              {e.retroativo ? (
                <Alert color="yellow" variant="light" p="xs" data-testid="estoque-previa-retroativo">
                  <Text size="xs">{t('estoqueDoc.previaRetroativo')}</Text>
                </Alert>
              ) : null}
              {e.negativosDepois.length ? (
                <Alert color="red" variant="light" title={t('estoqueDoc.previaNegativos')} data-testid="estoque-previa-negativos">
                  <List size="sm">
                    {e.negativosDepois.map((n) => (
                      <List.Item key={n.movimento}>
                        {t('estoqueDoc.previaNegativo', { quando: dataHora(n.ocorridoEm), tipo: tiposMovimento[n.tipo]?.rotulo ?? n.tipo, local: local(n.localId), saldo: formatQtd(n.saldo, unidade) })}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
