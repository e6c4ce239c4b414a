import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { TituloSecao } from '../resources/TituloSecao.tsx';
import { dataHora } from '../stock/formatoEstoque.ts';

/** One value of a kept secret: its label, whether it is typed hidden, and the least length the button waits for. */
export interface CampoSegredo {
  chave: string;
  rotulo: string;
  oculto: boolean;
  minimo: number;
  testid?: string;
}

/** The texts of a secret's section, already translated. */
export interface TextosSegredo {
  titulo: string;
  explicacao: string;
  definidoEm: (data: string) => string;
  ausente: string;
  salveAntes: string;
  botao: string;
  salvo: string;
}

/**
 * A secret kept encrypted on the server and never shown back (a webhook secret, an OAuth client, a gateway's
 * token): whether and when it was set (GET `rota`), and the fields that set or replace it (PUT `rota`).
 * Null `rota`: the record is not saved yet, and the section says so.
 */
export function SegredoGuardado({ rota, campos, textos, corAusente = 'red', testid }: { rota: string | null; campos: readonly CampoSegredo[]; textos: TextosSegredo; corAusente?: string; testid: string }) {
  const cliente = useQueryClient();
  const vazio = () => Object.fromEntries(campos.map((c) => [c.chave, '']));
  const [valores, setValores] = useState<Record<string, string>>(vazio);
  const chave = ['segredoGuardado', rota];
  const situacao = useQuery({ queryKey: chave, queryFn: ({ signal }) => api.get<{ definido: boolean; definidoEm: string | null }>(rota!, { signal }), enabled: !!rota });
  const definir = useMutation({
    mutationFn: () => api.put(rota!, Object.fromEntries(campos.map((c) => [c.chave, (valores[c.chave] ?? '').trim()]))),
    onSuccess: () => {
      setValores(vazio());
      notifications.show({ message: textos.salvo });
      void cliente.invalidateQueries({ queryKey: chave });
    },
    onError: (e) => notifications.show({ color: 'red', message: e.message }),
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid={testid}>
      <Stack gap="xs">
        <Group gap="xs">
          <TituloSecao sub>{textos.titulo}</TituloSecao>
          {situacao.data ? (
            <Badge variant="light" tt="none" color={situacao.data.definido ? 'teal' : corAusente}>
              {situacao.data.definido && situacao.data.definidoEm ? textos.definidoEm(dataHora(situacao.data.definidoEm)) : textos.ausente}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {textos.explicacao}
        </Text>
        {!rota ? (
          <Alert color="gray">{textos.salveAntes}</Alert>
        ) : (
          <Group align="flex-end">
            {campos.map((c) => (
              <TextInput
                key={c.chave}
                type={c.oculto ? 'password' : 'text'}
                autoComplete={c.oculto ? 'new-password' : 'off'}
                label={c.rotulo}
                value={valores[c.chave] ?? ''}
                onChange={(e) => setValores({ ...valores, [c.chave]: e.currentTarget.value })}
                maxLength={400}
                style={{ flex: 1 }}
                data-testid={c.testid}
              />
            ))}
            <Button onClick={() => definir.mutate()} loading={definir.isPending} disabled={campos.some((c) => (valores[c.chave] ?? '').trim().length < c.minimo)}>
              {textos.botao}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
