import { corpoDoModelo } from '@retaguarda/domain';
import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelos } from './ModelosAprovados.tsx';
import { whatsAppApi } from './whatsAppApi.ts';

/** An approved template for this conversation: chosen, its {{n}} typed, shown as the customer will read it, sent. */
export function EnvioModelo({ conversa, nome }: { conversa: string; nome: string | null }) {
  const { t } = useTranslation();
  const cliente = useQueryClient();
  const modelos = useModelos();
  const aprovados = (modelos.data?.modelos ?? []).filter((m) => m.aprovado);
  const [escolhido, setEscolhido] = useState<string | null>(null);
  const [parametros, setParametros] = useState<string[]>([]);
  const modelo = aprovados.find((m) => `${m.nome}/${m.idioma}` === escolhido);
  const enviar = useMutation({
    mutationFn: () => whatsAppApi.enviarModelo(conversa, { nome: modelo!.nome, idioma: modelo!.idioma, parametros: parametros.slice(0, modelo!.parametros) }),
    onSuccess: () => {
      notifications.show({ message: t('whatsApp.modeloEnviado') });
      setEscolhido(null);
      setParametros([]);
      void cliente.invalidateQueries({ queryKey: ['whatsApp'] });
    },
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });
  if (modelos.data && !aprovados.length) return <Text size="sm" c="dimmed">{t('whatsApp.semModelosAprovados')}</Text>;
  const escolher = (v: string | null) => {
    setEscolhido(v);
    const m = aprovados.find((x) => `${x.nome}/${x.idioma}` === v);
    // The customer's first name is the usual {{1}}: offered, never forced.
    setParametros(Array.from({ length: m?.parametros ?? 0 }, (_, i) => (i === 0 && nome ? nome.split(/\s+/)[0]! : '')));
  };
  return (
    <Stack gap="xs" data-testid="wa-envio-modelo">
      <Select
        label={t('whatsApp.enviarModelo')}
        placeholder={t('whatsApp.escolhaModelo')}
        data={aprovados.map((m) => ({ value: `${m.nome}/${m.idioma}`, label: `${m.nome} (${m.idioma})` }))}
        value={escolhido}
        onChange={escolher}
        data-testid="wa-modelo-escolha"
      />
      {modelo && (
        <>
          <Group grow align="flex-start">
            {parametros.map((p, i) => (
              <TextInput key={i} label={t('whatsApp.parametro', { n: `{{${i + 1}}}` })} value={p} onChange={(e) => setParametros(parametros.map((x, j) => (j === i ? e.currentTarget.value : x)))} data-testid="wa-modelo-parametro" />
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('whatsApp.comoFica')}
          </Text>
          <Paper p="xs" radius="md" withBorder bg="var(--mantine-color-green-light)">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="wa-modelo-previa">
              {corpoDoModelo(modelo.corpo, parametros)}
            </Text>
          </Paper>
          <Group justify="flex-end">
            <Button onClick={() => enviar.mutate()} loading={enviar.isPending} disabled={parametros.some((p) => !p.trim())} data-testid="wa-modelo-enviar">
              {t('whatsApp.enviarModelo')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
