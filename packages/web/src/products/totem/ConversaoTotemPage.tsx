import { Alert, Badge, Button, Card, Image, List, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { findRecurso, type VitrineTotem } from '@retaguarda/domain';
import { IconAlertTriangle, IconToolsKitchen2, IconTransform } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { resourceKeys } from '../../resources/api.ts';
import { formatCentavos } from '../../resources/format.ts';
import { urlArquivo } from '../../resources/ImagemInput.tsx';
import { Tela } from '../../resources/ResourceScreen.tsx';
import { useGeral } from '../../session/store.ts';
import { TituloSecao } from '../../resources/TituloSecao.tsx';

/** The kiosk as the customer sees it: a tab per category, big pictures, names and prices. */
function PreviaTotem() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const vitrine = useQuery({ queryKey: [...resourceKeys.all('conversaoTotem', empresa), 'vitrine'], queryFn: ({ signal }) => api.get<VitrineTotem>('conversaoTotem/vitrine', { signal }) });
  const categorias = vitrine.data?.categorias ?? [];
  return (
    <Card withBorder padding="md" data-testid="totem-previa">
      <Stack gap="sm">
        <TituloSecao>{t('totem.previa')}</TituloSecao>
        {vitrine.data?.pendencias.length ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('totem.pendencias')}>
            <List size="sm">
              {vitrine.data.pendencias.map((p) => (
                <List.Item key={p.produto}>{`${p.descricao}: ${p.motivo}`}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {categorias.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('totem.vazio')}
          </Text>
        ) : (
          <Paper radius="lg" p="md" bg="dark.7" maw={720}>
            <Tabs defaultValue={categorias[0]!.nome} variant="pills" color="orange">
              <Tabs.List mb="md">
                {categorias.map((c) => (
                  <Tabs.Tab key={c.nome} value={c.nome} fz="md" c="white">
                    {c.nome}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {categorias.map((c) => (
                <Tabs.Panel key={c.nome} value={c.nome}>
                  <SimpleGrid cols={3} spacing="sm">
                    {c.itens.map((item) => (
                      <Card
                        key={item.produto}
                        radius="md"
                        padding="xs"
                        data-testid={`totem-item-${item.nome}`}
                        data-disponivel={item.disponivel === false ? 'nao' : 'sim'}
                        style={item.disponivel === false ? { opacity: 0.6, filter: 'grayscale(1)' } : undefined}
                      >
                        <Card.Section>
                          {item.imagem ? (
                            <Image src={urlArquivo(item.imagem)} alt={item.nome} h={110} fit="cover" />
                          ) : (
                            <Paper h={110} bg="var(--mantine-color-default-hover)" style={{ display: 'grid', placeItems: 'center' }} aria-hidden>
                              <IconToolsKitchen2 size={36} opacity={0.4} />
                            </Paper>
                          )}
                        </Card.Section>
                        <Stack gap={2} mt="xs">
                          {item.destaque ? (
                            <Badge size="xs" color="orange">
                              {t('totem.destaque')}
                            </Badge>
                          ) : null}
                          <Text fw={700} size="sm" lineClamp={2}>
                            {item.nome}
                          </Text>
                          {item.descricao ? (
                            <Text size="xs" c="dimmed" lineClamp={2}>
                              {item.descricao}
                            </Text>
                          ) : null}
                          {item.disponivel === false ? (
                            <Badge size="sm" color="gray" variant="filled" style={{ alignSelf: 'flex-start' }} data-testid="totem-esgotado">
                              {item.motivoIndisponivel ?? t('estoqueDisponibilidade.esgotado')}
                            </Badge>
                          ) : null}
                          <Text fw={800} c={item.disponivel === false ? 'dimmed' : 'orange.7'} td={item.disponivel === false ? 'line-through' : undefined}>
                            {formatCentavos(item.preco)}
                          </Text>
                        </Stack>
                      </Card>
                    ))}
                  </SimpleGrid>
                </Tabs.Panel>
              ))}
            </Tabs>
          </Paper>
        )}
      </Stack>
    </Card>
  );
}

/** conversaoTotem: how products appear on the kiosk, the conversion of the kiosk's products, and the preview. */
export default function ConversaoTotemPage() {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa?._id);
  const queryClient = useQueryClient();
  const converter = useMutation({
    mutationFn: () => api.post<{ criados: number }>('conversaoTotem/converter', {}),
    onSuccess: ({ criados }) => {
      notifications.show({ color: 'green', message: t('totem.convertidos', { count: criados }) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('conversaoTotem', empresa) });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  return (
    <Stack gap="xl">
      <Tela
        recurso={findRecurso('conversaoTotem')!}
        acoes={() => (
          <Button variant="default" leftSection={<IconTransform size={16} />} loading={converter.isPending} onClick={() => converter.mutate()} title={t('totem.converterAjuda')} data-testid="totem-converter">
            {t('totem.converter')}
          </Button>
        )}
      />
      <PreviaTotem />
    </Stack>
  );
}
