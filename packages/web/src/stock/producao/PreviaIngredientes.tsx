import { Alert, Badge, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { qtd, reais } from '@retaguarda/domain';
import { useTranslation } from 'react-i18next';
import { formatCusto, formatQtd } from '../formatoEstoque.ts';
import type { LinhaConsumo } from './producao.ts';
import type { PreviaProducao } from './producaoApi.ts';

interface Props {
  previa: PreviaProducao;
  /** The actual consumption typed per ingredient (a posting); without it, the recipe's quantities are shown. */
  consumo?: { linhas: LinhaConsumo[]; erros: Record<number, string>; alterar: (i: number, real: string) => void };
  testid?: string;
  /** The heading (default: 'Para <quantidade> de <produto>'). */
  titulo?: string;
}

/**
 * What producing a quantity takes: each ingredient (through the sub-recipes) with the recipe's
 * quantity, the balance in the ingredients' location, the shortage and the value at the average cost,
 * and the produced item's unit cost. Shortages are told first, with what the company's setting does to them.
 */
export function PreviaIngredientes({ previa, consumo, testid = 'producao-previa', titulo }: Props) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testid}>
      <Text fw={600} size="sm">
        {titulo ?? t('estoqueProducao.previaTitulo', { quantidade: formatQtd(previa.quantidade, previa.unidade), produto: previa.descricao ?? '' })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('estoqueProducao.previaAjuda')}
      </Text>
      <Group gap="lg" my="xs" wrap="wrap">
        <Text size="sm" data-testid="producao-previa-total">
          {t('estoqueProducao.custoTotal')}: <b>{reais(previa.custoTotal)}</b>
        </Text>
        <Text size="sm" data-testid="producao-previa-unitario">
          {t('estoqueProducao.custoUnitario')}: <b>{formatCusto(previa.custoUnitario)}</b>
          {previa.unidade ? ` / ${previa.unidade}` : ''}
        </Text>
      </Group>
      {previa.faltas > 0 ? (
        <Alert color={previa.permiteNegativo ? 'yellow' : 'red'} mb="xs" p="xs" data-testid="producao-previa-faltas">
          {t(previa.permiteNegativo ? 'estoqueProducao.faltasNegativo' : 'estoqueProducao.faltasRecusa', { count: previa.faltas })}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={consumo ? 760 : 680}>
        <Table striped verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('estoqueProducao.ingrediente')}</Table.Th>
              <Table.Th ta="right">{t('estoqueProducao.receita')}</Table.Th>
              {consumo ? <Table.Th ta="right">{t('estoqueProducao.consumido')}</Table.Th> : null}
              <Table.Th ta="right">{t('estoqueProducao.saldoLocal')}</Table.Th>
              <Table.Th ta="right">{t('estoqueProducao.falta')}</Table.Th>
              <Table.Th ta="right">{t('estoqueProducao.custoMedio')}</Table.Th>
              <Table.Th ta="right">{t('estoqueProducao.valor')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {previa.ingredientes.map((i) => {
              const n = consumo?.linhas.findIndex((l) => l.produto === i.produto) ?? -1;
              const falta = qtd(i.falta) > 0n;
              return (
                <Table.Tr key={i.produto} data-testid="producao-previa-linha">
                  <Table.Td>
                    {i.descricao}
                    {i.intermediario ? (
                      <Badge ml={6} size="xs" variant="light" color="grape" title={t('estoqueProducao.intermediarioAjuda')}>
                        {t('estoqueProducao.intermediario')}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatQtd(i.receita, i.unidade)}
                  </Table.Td>
                  {consumo && n >= 0 ? (
                    <Table.Td ta="right">
                      <TextInput
                        aria-label={t('estoqueProducao.consumidoDe', { produto: i.descricao ?? '' })}
                        placeholder={formatQtd(i.receita)}
                        value={consumo.linhas[n]!.real}
                        onChange={(e) => consumo.alterar(n, e.currentTarget.value)}
                        error={consumo.erros[n] ? t(consumo.erros[n]!) : undefined}
                        inputMode="decimal"
                        autoComplete="off"
                        size="xs"
                        w={120}
                        ml="auto"
                        styles={{ input: { textAlign: 'right' } }}
                        rightSection={i.unidade ? <Text size="xs" c="dimmed">{i.unidade}</Text> : undefined}
                        rightSectionWidth={i.unidade ? 32 : undefined}
                        data-testid={`producao-consumo-${n}`}
                      />
                    </Table.Td>
                  ) : consumo ? (
                    <Table.Td ta="right">{formatQtd(i.quantidade, i.unidade)}</Table.Td>
                  ) : null}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatQtd(i.saldo, i.unidade)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {falta ? (
                      <Badge color="red" variant="light" data-testid="producao-previa-falta">
                        {formatQtd(i.falta, i.unidade)}
                      </Badge>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        {t('estoqueProducao.semFalta')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCusto(i.custoMedio)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {reais(i.valor)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
