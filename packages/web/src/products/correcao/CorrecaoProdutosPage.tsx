import { Alert, Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { tiposAchado, type Achado, type TipoAchado } from '@retaguarda/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { useGeral } from '../../session/store.ts';

interface Resultado {
  resumo: Record<TipoAchado, number>;
  verificados: number;
  produtos: { _id: string; codigo: string; descricao: string; produtoGeralEmpresa: string | null; achados: Achado[] }[];
}

/** Where a finding is fixed: the product, its company price, or the tax configuration screen. */
function linkDeCorrecao(tipo: TipoAchado, p: Resultado['produtos'][number]): string {
  const tela = tiposAchado[tipo].tela;
  if (tela === 'produtoGeral') return `/produtoGeral?editar=${p._id}`;
  if (tela === 'produtoGeralEmpresa') return p.produtoGeralEmpresa ? `/produtoGeralEmpresa?editar=${p.produtoGeralEmpresa}` : '/produtoGeralEmpresa?novo=1';
  return '/configuracaoImposto';
}

/** correcaoProdutos: the checker of what stops a product's NF-e/NFC-e or loses money, in the active company. */
export default function CorrecaoProdutosPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filtro = params.get('tipo') as TipoAchado | null;
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: ['correcaoProdutos', empresa],
    queryFn: ({ signal }) => api.post<Resultado>('correcaoProdutos/verificar', {}, { signal }),
    enabled: Boolean(empresa),
  });
  const r = consulta.data;
  const produtos = (r?.produtos ?? []).filter((p) => !filtro || p.achados.some((a) => a.tipo === filtro));
  return (
    <Stack gap="lg" maw={1400} data-testid="correcao-produtos">
      <div>
        <Title order={2}>{t('correcaoProdutos.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('correcaoProdutos.explicacao')}
        </Text>
      </div>
      <Alert color="yellow" icon={<IconInfoCircle />} title={t('recurso.avisoTitulo')}>
        {t('correcaoProdutos.semLote')}
      </Alert>
      {consulta.error ? <Alert color="red">{consulta.error.message}</Alert> : null}
      {!r ? (
        <Loader size={80} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
            {(Object.keys(tiposAchado) as TipoAchado[]).map((tipo) => (
              <UnstyledButton key={tipo} onClick={() => setParams(filtro === tipo ? {} : { tipo })} data-testid={`correcao-resumo-${tipo}`}>
                <Paper withBorder p="sm" radius="md" bg={filtro === tipo ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Text size="xs" c="dimmed">
                    {tiposAchado[tipo].rotulo}
                  </Text>
                  <Text fz={22} fw={700} c={r.resumo[tipo] ? 'red' : 'teal'}>
                    {r.resumo[tipo]}
                  </Text>
                </Paper>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('correcaoProdutos.verificados', { n: r.verificados, comAchados: r.produtos.length })}
          </Text>
          {produtos.length === 0 ? (
            <Alert color="teal" data-testid="correcao-tudo-certo">
              {t('correcaoProdutos.tudoCerto')}
            </Alert>
          ) : (
            <Paper withBorder radius="md">
              <Table.ScrollContainer minWidth={800}>
                <Table striped data-testid="correcao-tabela">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('correcaoProdutos.codigo')}</Table.Th>
                      <Table.Th>{t('correcaoProdutos.produto')}</Table.Th>
                      <Table.Th>{t('correcaoProdutos.achados')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {produtos.map((p) => (
                      <Table.Tr key={p._id} data-testid="correcao-linha">
                        <Table.Td>{p.codigo}</Table.Td>
                        <Table.Td>{p.descricao}</Table.Td>
                        <Table.Td>
                          <Stack gap={4}>
                            {p.achados.map((a) => (
                              <Group key={a.tipo} gap="xs" wrap="nowrap" align="flex-start">
                                <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
                                  {tiposAchado[a.tipo].rotulo}
                                </Badge>
                                <Text size="sm">{a.mensagem}</Text>
                                <Anchor component={Link} to={linkDeCorrecao(a.tipo, p)} size="sm" style={{ whiteSpace: 'nowrap' }}>
                                  {t('correcaoProdutos.corrigir')}
                                </Anchor>
                              </Group>
                            ))}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
