import { Alert, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { reais } from '@retaguarda/domain';
import { IconAlertTriangle, IconCalculator } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { useGeral } from '../session/store.ts';
import { formatCustoFicha, formatMargem, linhasIngredientes, MARGEM_MINIMA, situacaoMargem, type CustoDaFicha } from './custoFicha.ts';
import { TituloSecao } from '../resources/TituloSecao.tsx';

/** One figure of the summary: its label on the left, the value (and a line under it) on the right. */
function Valor({ rotulo, children, nota, cor, pequeno, testid }: { rotulo: string; children: ReactNode; nota?: ReactNode; cor?: string | undefined; pequeno?: boolean; testid: string }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="sm" c="dimmed" pt={pequeno ? 0 : 4}>
        {rotulo}
      </Text>
      <Stack gap={0} align="flex-end">
        <Text size={pequeno ? 'sm' : 'lg'} fw={pequeno ? 500 : 700} c={cor} ta="right" data-testid={testid} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {children}
        </Text>
        {nota ? (
          <Text size="xs" c={cor ?? 'dimmed'} ta="right" data-testid={`${testid}-nota`}>
            {nota}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/**
 * The cost of a recipe sheet in the active company, its price there and the margin, with the base
 * ingredients per unit. The figures are the saved sheet's (GET /api/estoqueFichaTecnica/:id/custo):
 * a new sheet shows them once saved; `versao` refetches them after each save.
 */
export function CustoFichaSecao({ fichaId, versao, alterada }: { fichaId: string | undefined; versao?: unknown; alterada?: boolean }) {
  const { t } = useTranslation();
  const empresaId = useGeral((s) => s.empresa?._id);
  const custo = useQuery({
    queryKey: ['estoqueFichaTecnica', 'custo', empresaId, fichaId, versao ?? null],
    enabled: Boolean(fichaId),
    staleTime: 0,
    queryFn: ({ signal }) => api.get<CustoDaFicha>(`estoqueFichaTecnica/${encodeURIComponent(fichaId!)}/custo`, { signal }),
  });
  const dados = custo.data;
  const situacao = dados?.margem != null ? situacaoMargem(dados.margem) : null;
  const corMargem = situacao === 'boa' ? 'teal' : situacao ? 'red' : undefined;
  const linhas = dados ? linhasIngredientes(dados) : [];
  const semCusto = linhas.filter((l) => l.semCusto).length;

  return (
    <Paper withBorder p="md" radius="md" data-testid="ficha-custo">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalculator size={20} />
          <TituloSecao sub>{t('fichaCusto.titulo')}</TituloSecao>
        </Group>
        <Text size="sm" c="dimmed">
          {t('fichaCusto.explicacao')}
        </Text>
        {!fichaId ? (
          <Alert color="gray" data-testid="ficha-custo-salve">
            {t('fichaCusto.salveAntes')}
          </Alert>
        ) : custo.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('fichaCusto.carregando')}
            </Text>
          </Group>
        ) : custo.isError ? (
          <Alert color="red" role="alert" data-testid="ficha-custo-erro">
            {t('fichaCusto.erro', { mensagem: custo.error.message })}
          </Alert>
        ) : dados ? (
          <>
            {alterada ? (
              <Alert color="yellow" data-testid="ficha-custo-alterada">
                {t('fichaCusto.alterada')}
              </Alert>
            ) : null}
            <Stack gap={0}>
              <Valor rotulo={t('fichaCusto.custo')} testid="ficha-custo-valor">
                {formatCustoFicha(dados.custo)}
              </Valor>
              <Valor rotulo={t('fichaCusto.preco')} testid="ficha-custo-preco" cor={dados.preco === null ? 'dimmed' : undefined} pequeno={dados.preco === null}>
                {dados.preco === null ? t('fichaCusto.naoVendido') : reais(dados.preco)}
              </Valor>
              <Valor
                rotulo={t('fichaCusto.margem')}
                testid="ficha-custo-margem"
                cor={corMargem}
                nota={
                  situacao === 'negativa'
                    ? t('fichaCusto.margemNegativa')
                    : situacao === 'baixa'
                      ? t('fichaCusto.margemBaixa', { minimo: MARGEM_MINIMA })
                      : situacao === 'boa'
                        ? t('fichaCusto.margemBoa', { minimo: MARGEM_MINIMA })
                        : t('fichaCusto.semMargem')
                }
              >
                {dados.margem === null ? '—' : formatMargem(dados.margem)}
              </Valor>
            </Stack>
            {semCusto ? (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="ficha-custo-incompleto">
                {t('fichaCusto.semCustoAviso', { count: semCusto })}
              </Alert>
            ) : null}
            <Text size="sm" fw={600}>
              {t('fichaCusto.ingredientes')}
            </Text>
            <Table striped withTableBorder verticalSpacing={4} fz="sm" data-testid="ficha-custo-ingredientes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fichaCusto.ingredienteCabecalho')}</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {t('fichaCusto.parcela')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {linhas.map((l) => (
                  <Table.Tr key={l.produto} data-testid="ficha-custo-ingrediente">
                    <Table.Td>
                      <Text size="sm" data-testid="ficha-custo-ingrediente-nome">
                        {l.descricao}
                      </Text>
                      <Text size="xs" c={l.semCusto ? 'orange' : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }}>
                        <span data-testid="ficha-custo-ingrediente-qtd">{l.quantidade}</span>
                        {l.semCusto ? (
                          <>
                            {' · '}
                            <span data-testid="ficha-custo-sem-custo">{t('fichaCusto.semCusto')}</span>
                          </>
                        ) : (
                          <>
                            {' × '}
                            <span data-testid="ficha-custo-ingrediente-medio">{l.custoMedio}</span>
                          </>
                        )}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" valign="top" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="ficha-custo-ingrediente-parcela">
                      {l.semCusto ? '—' : l.parcela}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
