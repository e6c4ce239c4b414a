import { Badge, Card, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { SecaoVitrine } from '@retaguarda/domain';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { urlArquivo } from '../../resources/ImagemInput.tsx';
import { formatCentavos } from '../../resources/format.ts';

/** How many choices a modifier group asks for, in the customer's words. */
function regraDoGrupo(t: (k: string, o?: Record<string, unknown>) => string, minimo: number, maximo: number) {
  if (minimo === 0) return t('cardapio.ateN', { count: maximo });
  if (minimo === maximo) return t('cardapio.escolhaN', { count: minimo });
  return t('cardapio.deAte', { minimo, maximo });
}

/** The menu as the customer sees it on a phone: sections, photos, names, prices, modifier groups. */
export function VitrinePrevia({
  titulo,
  secoes,
  disponibilidade = [],
}: {
  titulo: string;
  secoes: readonly SecaoVitrine[];
  disponibilidade?: readonly { dias: readonly string[]; horaInicio: string; horaFim: string }[];
}) {
  const { t } = useTranslation();
  const horarios = disponibilidade.filter((j) => j.dias.length).map((j) => `${j.dias.map((d) => d.slice(0, 3)).join(', ')} ${j.horaInicio}–${j.horaFim}`);
  const vazias = secoes.every((s) => s.itens.length === 0);
  return (
    <Paper withBorder radius="lg" p="md" maw={420} mx="auto" w="100%" data-testid="vitrine" style={{ background: 'var(--mantine-color-body)' }}>
      <Stack gap="md">
        <Title order={3} ta="center">
          {titulo || t('cardapio.semTitulo')}
        </Title>
        <Text size="xs" c="dimmed" ta="center" mt={-12} data-testid="vitrine-horarios">
          {horarios.length ? horarios.join(' · ') : t('cardapio.sempreDisponivel')}
        </Text>
        {vazias ? (
          <Text c="dimmed" ta="center" size="sm">
            {t('cardapio.vitrineVazia')}
          </Text>
        ) : null}
        {secoes
          .filter((s) => s.itens.length)
          .map((secao) => (
            <Stack key={secao.nome} gap="xs" data-testid={`vitrine-secao-${secao.nome}`}>
              <div>
                <Title order={4}>{secao.nome}</Title>
                {secao.descricao ? (
                  <Text size="xs" c="dimmed">
                    {secao.descricao}
                  </Text>
                ) : null}
              </div>
              {secao.itens.map((item) => (
                <Card
                  key={item.produto}
                  withBorder
                  padding="xs"
                  radius="md"
                  data-testid={`vitrine-item-${item.descricao}`}
                  data-disponivel={item.disponivel === false ? 'nao' : 'sim'}
                  aria-disabled={item.disponivel === false || undefined}
                  // Out of stock: still on the menu, greyed, so the customer knows it exists and comes back.
                  style={item.disponivel === false ? { opacity: 0.6, filter: 'grayscale(1)' } : undefined}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    {item.imagem ? (
                      <Image src={urlArquivo(item.imagem)} alt={item.descricao} w={72} h={72} radius="sm" fit="cover" />
                    ) : (
                      <Paper w={72} h={72} radius="sm" bg="var(--mantine-color-default-hover)" style={{ display: 'grid', placeItems: 'center', flex: 'none' }} aria-hidden>
                        <IconToolsKitchen2 size={28} opacity={0.4} />
                      </Paper>
                    )}
                    <Stack gap={2} style={{ flex: 1 }}>
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <Text fw={600} size="sm">
                          {item.descricao}
                        </Text>
                        <Text fw={700} size="sm" c={item.disponivel === false ? 'dimmed' : 'green.8'} td={item.disponivel === false ? 'line-through' : undefined} style={{ whiteSpace: 'nowrap' }} data-testid="vitrine-preco">
                          {formatCentavos(item.preco)}
                        </Text>
                      </Group>
                      {item.disponivel === false ? (
                        <Badge size="sm" color="gray" variant="filled" style={{ alignSelf: 'flex-start' }} data-testid="vitrine-esgotado">
                          {item.motivoIndisponivel ?? t('estoqueDisponibilidade.esgotado')}
                        </Badge>
                      ) : null}
                      {item.complementos.map((g) => (
                        <div key={g.nome}>
                          <Group gap={6}>
                            <Text size="xs" fw={600}>
                              {g.nome}
                            </Text>
                            <Badge size="xs" variant="light" color={g.minimo > 0 ? 'orange' : 'gray'}>
                              {g.minimo > 0 ? t('cardapio.obrigatorio') : t('cardapio.opcional')} · {regraDoGrupo(t, g.minimo, g.maximo)}
                            </Badge>
                          </Group>
                          <Text size="xs" c="dimmed">
                            {g.opcoes.map((o, i) => (
                              <span key={`${o.produto ?? ''}-${o.descricao}-${i}`}>
                                {i ? ' · ' : null}
                                <span
                                  data-testid={`vitrine-opcao-${o.descricao}`}
                                  data-disponivel={o.disponivel === false ? 'nao' : 'sim'}
                                  aria-disabled={o.disponivel === false || undefined}
                                  // Out of stock: still listed, greyed and struck, with the reason, so it is not chosen.
                                  style={o.disponivel === false ? { opacity: 0.55, textDecoration: 'line-through' } : undefined}
                                >
                                  {o.precoAdicional ? `${o.descricao} (+ ${formatCentavos(o.precoAdicional)})` : o.descricao}
                                </span>
                                {o.disponivel === false ? (
                                  <Badge component="span" size="xs" color="gray" variant="filled" ml={4} data-testid="vitrine-opcao-esgotada">
                                    {o.motivoIndisponivel ?? t('estoqueDisponibilidade.esgotado')}
                                  </Badge>
                                ) : null}
                              </span>
                            ))}
                          </Text>
                        </div>
                      ))}
                    </Stack>
                  </Group>
                </Card>
              ))}
            </Stack>
          ))}
      </Stack>
    </Paper>
  );
}
