import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { conjuntosDeDados, semAcento } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissoes } from '../../session/permissoes.ts';
import { useGeral } from '../../session/store.ts';
import { comoSalvo, relatoriosSalvos } from './api.ts';

/** relatoriosDoSistema's section of the reports users built and shared with the group, each opening on relatoriosCriados. */
export function RelatoriosCriadosNoCatalogo({ termos }: { termos: string[] }) {
  const { t } = useTranslation();
  const { pode } = usePermissoes();
  const empresa = useGeral((s) => s.empresa?._id);
  const permitido = pode('relatoriosCriados', 'ver');
  const lista = useQuery({
    queryKey: ['relatorioCriado', 'compartilhados', empresa],
    queryFn: async ({ signal }) => (await relatoriosSalvos.list({ filtro: { lixo: false, compartilhado: true }, sort: { nome: 1 }, limit: 200, skip: 0 }, signal)).registros.map(comoSalvo),
    enabled: permitido && Boolean(empresa),
  });
  const relatorios = (lista.data ?? []).filter((r) => termos.every((p) => semAcento(`${r.nome} ${r.descricao}`).includes(p)));
  if (!permitido || relatorios.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="catalogo-relatorios-criados">
      <Title order={4}>{t('relatoriosCriados.noCatalogo')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {relatorios.map((r) => (
          <Card key={r._id} withBorder radius="md" padding="md">
            <Stack gap={4}>
              <Text fw={600} component={Link} to={`/relatoriosCriados?relatorio=${encodeURIComponent(r._id)}`}>
                {r.nome}
              </Text>
              {r.descricao ? (
                <Text size="sm" c="dimmed">
                  {r.descricao}
                </Text>
              ) : null}
              <Group gap="xs">
                <Badge variant="light" w="fit-content">
                  {conjuntosDeDados[r.definicao.conjunto]?.rotulo}
                </Badge>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
