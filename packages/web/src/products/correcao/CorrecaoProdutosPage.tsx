import { Alert, Anchor, Badge, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { tiposAchado, type Achado, type TipoAchado } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { useGeral } from '../../session/store.ts';
import { EdicaoEmMassaForm } from './EdicaoEmMassaForm.tsx';
import { LotesCorrecao } from './LotesCorrecao.tsx';
import { PreviaEdicao } from './PreviaEdicao.tsx';
import { useEdicaoEmMassa } from './useEdicaoEmMassa.ts';
import { useUrlParams } from '../../app/useUrlParams.ts';

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

/**
 * correcaoProdutos: the checker of what stops a product's NF-e/NFC-e or loses money, in the active
 * company, and the bulk edit (tick products or search, preview, apply, undo from the history).
 */
export default function CorrecaoProdutosPage() {
  const { t } = useTranslation();
  const [params, setParams] = useUrlParams();
  const filtro = params.get('tipo') as TipoAchado | null;
  const empresa = useGeral((s) => s.empresa?._id);
  const consulta = useQuery({
    queryKey: ['correcaoProdutos', empresa],
    queryFn: ({ signal }) => api.post<Resultado>('correcaoProdutos/verificar', {}, { signal }),
    enabled: Boolean(empresa),
  });
  const r = consulta.data;
  const produtos = (r?.produtos ?? []).filter((p) => !filtro || p.achados.some((a) => a.tipo === filtro));
  const [marcados, setMarcados] = useState<ReadonlySet<string>>(new Set());
  const edicao = useEdicaoEmMassa({ aplicado: (n) => t('edicaoEmMassa.aplicado', { count: n }), desfeito: t('lotesCorrecao.desfeitoAviso') }, () => consulta.refetch());
  const alternar = (id: string) =>
    setMarcados((atual) => {
      const novo = new Set(atual);
      if (novo.has(id)) novo.delete(id);
      else novo.add(id);
      return novo;
    });
  const todos = produtos.length > 0 && produtos.every((p) => marcados.has(p._id));
  const alternarTodos = () => setMarcados(todos ? new Set() : new Set(produtos.map((p) => p._id)));
  return (
    <Stack gap="lg" maw={1400} data-testid="correcao-produtos">
      <div>
        <Title order={2}>{t('correcaoProdutos.titulo')}</Title>
        <Text c="dimmed" size="sm">
          {t('correcaoProdutos.explicacao')}
        </Text>
      </div>
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
          <EdicaoEmMassaForm marcados={[...marcados]} carregando={edicao.pedirPrevia.isPending} onPrevia={(e, selecao) => edicao.pedirPrevia.mutate({ edicao: e, selecao })} />
          {edicao.previa ? <PreviaEdicao previa={edicao.previa} aplicando={edicao.aplicar.isPending} onAplicar={() => edicao.aplicar.mutate()} onCancelar={edicao.descartarPrevia} /> : null}
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
                      <Table.Th w={40}>
                        <Checkbox aria-label={t('edicaoEmMassa.marcarTodos')} checked={todos} indeterminate={!todos && produtos.some((p) => marcados.has(p._id))} onChange={alternarTodos} data-testid="correcao-todos" />
                      </Table.Th>
                      <Table.Th>{t('correcaoProdutos.codigo')}</Table.Th>
                      <Table.Th>{t('correcaoProdutos.produto')}</Table.Th>
                      <Table.Th>{t('correcaoProdutos.achados')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {produtos.map((p) => (
                      <Table.Tr key={p._id} data-testid="correcao-linha">
                        <Table.Td>
                          <Checkbox aria-label={t('edicaoEmMassa.marcar', { produto: p.descricao })} checked={marcados.has(p._id)} onChange={() => alternar(p._id)} data-testid="correcao-marcar" />
                        </Table.Td>
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
      <LotesCorrecao lotes={edicao.lotes.data ?? []} desfazendo={edicao.desfazer.isPending ? (edicao.desfazer.variables ?? null) : null} onDesfazer={(id) => edicao.desfazer.mutate(id)} />
    </Stack>
  );
}
