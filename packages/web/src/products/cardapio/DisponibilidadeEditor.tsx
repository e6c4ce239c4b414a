import { ActionIcon, Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { diasSemana } from '@retaguarda/domain';
import { IconClockPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Construtor } from './useConstrutor.ts';

/** When the menu is offered: weekdays and from–to (an end before the start runs past midnight). */
export function DisponibilidadeEditor({ c }: { c: Construtor }) {
  const { t } = useTranslation();
  const erro = (i: number, campo: string) => c.erro?.campos[`disponibilidade.${i}.${campo}`];
  return (
    <Stack gap={6} data-testid="cardapio-disponibilidade">
      <Text size="sm" fw={500}>
        {t('cardapio.disponibilidade')}
      </Text>
      {c.rascunho.disponibilidade.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('cardapio.sempreDisponivel')}
        </Text>
      ) : null}
      {c.rascunho.disponibilidade.map((j, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
          <MultiSelect
            size="xs"
            style={{ flex: 1 }}
            aria-label={t('cardapio.dias')}
            placeholder={t('cardapio.dias')}
            data={[...diasSemana]}
            value={j.dias}
            onChange={(dias) => c.alterarJanela(i, { dias })}
            error={erro(i, 'dias')}
            data-testid={`horario-${i}-dias`}
          />
          <TextInput size="xs" w={80} aria-label={t('cardapio.das')} value={j.horaInicio} onChange={(e) => c.alterarJanela(i, { horaInicio: e.currentTarget.value })} error={erro(i, 'horaInicio')} />
          <TextInput size="xs" w={80} aria-label={t('cardapio.ate')} value={j.horaFim} onChange={(e) => c.alterarJanela(i, { horaFim: e.currentTarget.value })} error={erro(i, 'horaFim')} />
          <ActionIcon variant="subtle" color="red" aria-label={t('cardapio.removerHorario')} onClick={() => c.removerJanela(i)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="subtle" leftSection={<IconClockPlus size={14} />} onClick={c.adicionarJanela} data-testid="cardapio-adicionar-horario">
          {t('cardapio.adicionarHorario')}
        </Button>
      </Group>
    </Stack>
  );
}
