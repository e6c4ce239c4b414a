import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { breakpoints, type Campo } from '@retaguarda/domain';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlParam, useUrlParams } from '../app/useUrlParams.ts';
import { useOpcoesReferencia } from '../resources/ReferenciaInput.tsx';
import type { Registro } from '../resources/exportar.ts';
import { EstadoRelatorio, PaginaRelatorio } from '../sales/relatorios/PaginaRelatorio.tsx';
import { TabelaRelatorio } from '../sales/relatorios/TabelaRelatorio.tsx';
import { usePermissoes } from '../session/permissoes.ts';
import { useGeral } from '../session/store.ts';
import { dataHora } from './formatoEstoque.ts';
import { corStatus, corValor, reaisComSinal, type InventarioListado } from './inventario.ts';
import { inventarioApi, inventarioKeys } from './inventarioApi.ts';
import { InventarioDetalhe } from './InventarioDetalhe.tsx';
import { NovoInventarioForm } from './NovoInventarioForm.tsx';
import { GavetaLateral } from '../sales/relatorios/GavetaLateral.tsx';

/**
 * estoqueInventario: the company's counts (newest first), a new one in a drawer (?novo=1), and one
 * count opened for counting or reading (?inventario=<id>).
 */
export default function EstoqueInventarioPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const estreito = useMediaQuery(`(max-width: ${breakpoints.sm}px)`);
  const { pode } = usePermissoes();
  const [novo, setNovo] = useUrlParam('novo');
  const [aberto, setAberto] = useUrlParam('inventario');
  const [, alterarUrl] = useUrlParams();
  const queryClient = useQueryClient();

  const lista = useQuery({
    queryKey: inventarioKeys.lista(empresa),
    queryFn: ({ signal }) => inventarioApi.listar(signal),
    enabled: Boolean(empresa) && !aberto,
  });
  const ativos = useOpcoesReferencia('estoqueCadastro', { ativo: true }).data ?? [];

  // Back to the list: the count's own filter (?local=) goes with it.
  const voltar = () =>
    alterarUrl((atual) => {
      const proximo = new URLSearchParams(atual);
      proximo.delete('inventario');
      proximo.delete('local');
      return proximo;
    });
  if (aberto) return <InventarioDetalhe id={aberto} onVoltar={voltar} />;

  const colunas: Record<string, Campo> = {
    numero: { rotulo: t('estoqueInventario.numero'), tipo: 'inteiro' },
    descricao: { rotulo: t('estoqueInventario.descricao'), tipo: 'texto' },
    quando: { rotulo: t('estoqueInventario.congeladoEm'), tipo: 'texto' },
    situacao: { rotulo: t('estoqueInventario.status'), tipo: 'texto' },
    contadasTexto: { rotulo: t('estoqueInventario.contadas'), tipo: 'texto' },
    diferenca: { rotulo: t('estoqueInventario.diferenca'), tipo: 'dinheiro' },
    criadoPor: { rotulo: t('estoqueInventario.criadoPor'), tipo: 'texto' },
  };
  const registros: Registro[] = (lista.data ?? []).map((i) => ({
    ...i,
    numero: Number(i.numero),
    diferenca: Number(i.diferenca),
    quando: dataHora(i.congeladoEm),
    contadasTexto: t('estoqueInventario.contadasDe', { contadas: i.contadas, linhas: i.linhas }),
  }));
  const celula = (coluna: string, linha: Registro) => {
    const i = linha as unknown as InventarioListado;
    if (coluna === 'descricao')
      return (
        // An anchor, not a compact button: a long description wraps instead of being clipped by the button's height.
        <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => setAberto(i._id)} data-testid="inventario-abrir-linha">
          {i.descricao}
        </Anchor>
      );
    if (coluna === 'situacao')
      return (
        <Badge color={corStatus[i.status]} variant="light" data-testid="inventario-status" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
          {t(`estoqueInventario.status_${i.status}`)}
        </Badge>
      );
    if (coluna === 'diferenca')
      return (
        <Text span size="sm" c={corValor(Number(i.diferenca))} fw={500}>
          {reaisComSinal(Number(i.diferenca))}
        </Text>
      );
    return undefined;
  };

  return (
    <PaginaRelatorio
      testid="estoque-inventario"
      titulo={t('estoqueInventario.titulo')}
      explicacao={t('estoqueInventario.explicacao')}
      acoes={
        pode('estoqueInventario', 'criar') ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setNovo('1')} data-testid="inventario-novo">
            {t('estoqueInventario.novo')}
          </Button>
        ) : undefined
      }
    >
      <EstadoRelatorio erro={lista.error} dados={lista.data} vazio={(d) => d.length === 0 && t('estoqueInventario.nenhum')} vazioAjuda={t('estoqueInventario.nenhumAjuda')}>
        {() =>
          estreito ? (
            <Stack gap="xs" data-testid="inventario-lista">
              {(lista.data ?? []).map((i) => (
                <Paper key={i._id} withBorder radius="md" p="sm" data-testid="inventario-cartao">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Anchor component="button" type="button" fw={600} ta="left" onClick={() => setAberto(i._id)} data-testid="inventario-abrir-linha">
                      {t('estoqueInventario.tituloDetalhe', { numero: i.numero, descricao: i.descricao })}
                    </Anchor>
                    <Badge color={corStatus[i.status]} variant="light" style={{ flexShrink: 0 }}>
                      {t(`estoqueInventario.status_${i.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('estoqueInventario.congeladoEmTexto', { quando: dataHora(i.congeladoEm) })}
                  </Text>
                  <Group justify="space-between" mt={4}>
                    <Text size="sm">
                      {t('estoqueInventario.contadas')}: {t('estoqueInventario.contadasDe', { contadas: i.contadas, linhas: i.linhas })}
                    </Text>
                    <Text size="sm" fw={600} c={corValor(Number(i.diferenca))}>
                      {reaisComSinal(Number(i.diferenca))}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Paper withBorder radius="md">
              <TabelaRelatorio colunas={colunas} linhas={registros} celula={celula} testid="inventario-lista" linhaTestid="inventario-linha-lista" minWidth={860} />
            </Paper>
          )
        }
      </EstadoRelatorio>

      <GavetaLateral aberta={novo === '1'} fechar={() => setNovo(null)} titulo={t('estoqueInventario.novo')} testid="inventario-drawer" largura="md">
        {() => (
          <NovoInventarioForm
            locaisAtivos={ativos}
            onAberto={(inv) => {
              void queryClient.invalidateQueries({ queryKey: inventarioKeys.todos(empresa) });
              queryClient.setQueryData(inventarioKeys.detalhe(empresa, inv._id), inv);
              setAberto(inv._id);
              // One navigation: the drawer closes and the count opens.
              setNovo(null, { replace: true });
            }}
          />
        )}
      </GavetaLateral>
    </PaginaRelatorio>
  );
}
