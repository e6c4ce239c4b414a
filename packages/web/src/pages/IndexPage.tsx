import { Alert, Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { areaKeys, areas, screens, type Area } from '@retaguarda/domain';
import { IconAlertCircle, IconBuildingStore, IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissoes } from '../session/permissoes.ts';
import { useSessao } from '../session/queries.ts';
import { appStorage, geralStore, useGeral } from '../session/store.ts';
import { useMenuState } from '../shell/menuState.ts';
import { mostOpenedScreens } from '../shell/openedScreens.ts';

/** Default child of the layout: greeting, active company (from the server) and shortcuts. */
export function IndexPage() {
  const { t } = useTranslation();
  const usuario = useGeral((s) => s.usuario);
  const sessao = useSessao();
  const { pode } = usePermissoes();
  const maisAbertas = mostOpenedScreens(appStorage).filter((s) => pode(s.name, 'ver'));
  const setAberta = useMenuState((s) => s.setAberta);

  function abrirArea(area: Area) {
    setAberta(area, true);
    geralStore.getState().setLeftDrawerOpen(true);
    requestAnimationFrame(() => document.querySelector(`[data-testid="menu-area-${area}"]`)?.scrollIntoView({ block: 'nearest' }));
  }

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={1} fz={26}>
              {t('inicio.ola', { nome: usuario?.nome ?? '' })}
            </Title>
            <Group gap="xs">
              <IconBuildingStore size={18} />
              <Text c="dimmed">{t('inicio.empresaAtiva')}:</Text>
              {sessao.isPending ? (
                <Skeleton h={18} w={160} />
              ) : (
                <Text fw={600} data-testid="empresa-ativa">
                  {sessao.data?.empresa.nomeFantasia ?? ''}
                </Text>
              )}
            </Group>
            {sessao.data ? (
              <Text size="sm" c="dimmed">
                {t('inicio.grupo', { nome: sessao.data.grupoEmpresarial.nome })}
              </Text>
            ) : null}
          </Stack>
          {pode('dashboardDefault', 'ver') ? (
            <Anchor component={Link} to="/dashboardDefault">
              <Group gap={6}>
                <IconChartBar size={18} />
                {t('inicio.painel')}
              </Group>
            </Anchor>
          ) : null}
        </Group>
        {sessao.isError ? (
          <Alert mt="md" color="red" icon={<IconAlertCircle />} role="alert">
            {sessao.error.message}
          </Alert>
        ) : null}
      </Paper>

      <Stack gap="xs">
        <Title order={2} fz={18}>
          {t('inicio.maisAbertas')}
        </Title>
        {maisAbertas.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('inicio.semHistorico')}
          </Text>
        ) : (
          <Group gap="xs" data-testid="telas-mais-abertas">
            {maisAbertas.map((s) => (
              <Badge key={s.name} component={Link} to={`/${s.name}`} size="lg" variant="light" style={{ cursor: 'pointer', textTransform: 'none' }}>
                {s.label}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={2} fz={18}>
          {t('inicio.areas')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }}>
          {areaKeys.map((area) => {
            const doArea = screens.filter((s) => s.area === area && pode(s.name, 'ver'));
            if (doArea.length === 0) return null;
            return (
              <Card key={area} withBorder radius="md" padding="md">
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>{areas[area]}</Text>
                  <Badge variant="light" color="gray">
                    {t('inicio.telas', { count: doArea.length })}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={2} mb="sm">
                  {doArea.slice(0, 4).map((s) => s.label).join(' · ')}
                </Text>
                {/* Opens the area in the menu instead of repeating the menu's links here. */}
                <Button variant="light" size="xs" onClick={() => abrirArea(area)} data-testid={`atalho-area-${area}`}>
                  {t('inicio.verNoMenu')}
                </Button>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
