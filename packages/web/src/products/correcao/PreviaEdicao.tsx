import { Alert, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Previa } from './useEdicaoEmMassa.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

const nome = (p: { codigo: string; descricao: string }) => (p.codigo ? `${p.codigo} - ${p.descricao}` : p.descricao);

/** The preview: each product before → after, the ones that would be refused and why; apply or cancel. */
export function PreviaEdicao({ previa, aplicando, onAplicar, onCancelar }: { previa: Previa; aplicando: boolean; onAplicar: () => void; onCancelar: () => void }) {
  const { t } = useTranslation();
  const n = previa.linhas.length;
  return (
    <Paper withBorder p="md" radius="md" data-testid="edicao-previa-resultado">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <TituloSecao>{t('edicaoEmMassa.previaTitulo', { campo: previa.rotuloCampo })}</TituloSecao>
            <Text size="sm" c="dimmed" data-testid="edicao-previa-resumo">
              {t('edicaoEmMassa.previaResumo', { count: n, recusados: previa.recusados.length, semMudanca: previa.semMudanca })}
            </Text>
          </div>
          <Group>
            <Button variant="default" onClick={onCancelar}>
              {t('edicaoEmMassa.cancelar')}
            </Button>
            <Button color="green" leftSection={<IconCheck size={16} />} disabled={n === 0} loading={aplicando} onClick={onAplicar} data-testid="edicao-aplicar">
              {t('edicaoEmMassa.aplicar', { count: n })}
            </Button>
          </Group>
        </Group>
        {n > 0 ? (
          <Table.ScrollContainer minWidth={700} mah={420}>
            <Table striped data-testid="edicao-previa-tabela">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('correcaoProdutos.produto')}</Table.Th>
                  <Table.Th>{t('edicaoEmMassa.campo')}</Table.Th>
                  <Table.Th>{t('edicaoEmMassa.antesDepois')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {previa.linhas.map((l) => (
                  <Table.Tr key={l.produto._id} data-testid="edicao-previa-linha">
                    <Table.Td>{nome(l.produto)}</Table.Td>
                    <Table.Td>{previa.rotuloCampo}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" c="dimmed" td="line-through">
                          {l.antesTexto}
                        </Text>
                        <IconArrowRight size={14} />
                        <Text size="sm" fw={600}>
                          {l.depoisTexto}
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {previa.recusados.length > 0 ? (
          <Alert color="red" title={t('edicaoEmMassa.recusadosTitulo', { count: previa.recusados.length })} data-testid="edicao-recusados">
            <Stack gap={4}>
              {previa.recusados.map((r) => (
                <Text size="sm" key={r.produto._id} data-testid="edicao-recusado">
                  <b>{nome(r.produto) || r.produto._id}</b>: {r.motivo}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
