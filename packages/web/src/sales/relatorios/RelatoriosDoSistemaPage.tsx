import { ActionIcon, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { compararPt, findScreen, semAcento, telasDeRelatorio } from '@retaguarda/domain';
import { IconSearch, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageLoaderFor } from '../../pages/registry.ts';
import { resourceApi } from '../../resources/api.ts';
import { useGeral } from '../../session/store.ts';
import { RelatoriosCriadosNoCatalogo } from '../relatoriosCriados/RelatoriosCriadosNoCatalogo.tsx';
import { useUrlParams } from '../../app/useUrlParams.ts';
import { PaginaRelatorio } from './PaginaRelatorio.tsx';

const favoritos = resourceApi('relatorioFavorito');

/** relatoriosDoSistema: every report and dashboard, searchable, the user's favourites first. */
export default function RelatoriosDoSistemaPage() {
  const { t } = useTranslation();
  const [params, setParams] = useUrlParams();
  const busca = params.get('busca') ?? '';
  const usuario = useGeral((s) => s.usuario?._id);
  const queryClient = useQueryClient();
  const chave = ['relatorioFavorito', usuario];
  const lista = useQuery({
    queryKey: chave,
    queryFn: ({ signal }) => favoritos.list({ filtro: { lixo: false, usuario }, sort: { posicao: 1 }, limit: 100, skip: 0 }, signal),
    enabled: Boolean(usuario),
  });
  const porTela = new Map((lista.data?.registros ?? []).map((r) => [String(r.tela), r._id]));
  const alternar = useMutation({
    mutationFn: async (tela: string) => {
      const id = porTela.get(tela);
      if (id) await favoritos.trash(id);
      else await favoritos.create({ tela, posicao: porTela.size });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chave }),
  });
  const termos = semAcento(busca).split(/\s+/).filter(Boolean);
  const telas = telasDeRelatorio
    .map((nome) => findScreen(nome)!)
    .filter((s) => termos.every((p) => semAcento(`${s.label} ${t(`relatoriosDoSistema.descricao_${s.name}`, { defaultValue: '' })}`).includes(p)))
    .sort((a, b) => Number(porTela.has(b.name)) - Number(porTela.has(a.name)) || compararPt(a.label, b.label));
  return (
    <PaginaRelatorio testid="relatorios-do-sistema" titulo={t('relatoriosDoSistema.titulo')} explicacao={t('relatoriosDoSistema.explicacao')}>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('relatoriosDoSistema.buscar')}
        defaultValue={busca}
        onChange={(e) => setParams(e.currentTarget.value ? { busca: e.currentTarget.value } : {}, { replace: true })}
        maw={420}
        data-testid="relatorios-busca"
      />
      {/* Favourites first: wait for them, so the cards do not jump once they arrive. */}
      {lista.isPending ? <Loader size={80} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} display={lista.isPending ? 'none' : undefined}>
        {telas.map((s) => {
          const favorito = porTela.has(s.name);
          const pronto = Boolean(pageLoaderFor(s));
          return (
            <Card key={s.name} withBorder radius="md" padding="md" data-testid={`relatorio-card-${s.name}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4}>
                  <Text fw={600} component={Link} to={`/${s.name}`}>
                    {s.label}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`relatoriosDoSistema.descricao_${s.name}`, { defaultValue: t(`area.${s.area}`) })}
                  </Text>
                  {pronto ? null : (
                    <Badge color="gray" variant="light" w="fit-content">
                      {t('relatoriosDoSistema.emConstrucao')}
                    </Badge>
                  )}
                </Stack>
                <Tooltip label={favorito ? t('relatoriosDoSistema.desfavoritar') : t('relatoriosDoSistema.favoritar')}>
                  <ActionIcon
                    variant="subtle"
                    color="yellow"
                    aria-label={favorito ? t('relatoriosDoSistema.desfavoritar') : t('relatoriosDoSistema.favoritar')}
                    aria-pressed={favorito}
                    onClick={() => alternar.mutate(s.name)}
                    data-testid={`favorito-${s.name}`}
                  >
                    {favorito ? <IconStarFilled size={18} /> : <IconStar size={18} />}
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      <RelatoriosCriadosNoCatalogo termos={termos} />
    </PaginaRelatorio>
  );
}
