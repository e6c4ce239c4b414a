import { Alert, Button, Group, Kbd, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { RecursoDef } from '@retaguarda/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { geralStore, useGeral } from '../session/store.ts';
import { CamposDoFormulario, DescartarDialog, ErroDoFormulario } from './ResourceForm.tsx';
import { useResourceForm } from './useResourceForm.ts';

/**
 * The screen of a one-per-group record (registroUnico, e.g. grupoEmpresarial): no list, the form of
 * the group the user is in, on the page. No create, no trash (the API refuses both).
 */
export function RegistroUnicoScreen({ recurso }: { recurso: RecursoDef }) {
  const { t } = useTranslation();
  const grupo = useGeral((s) => s.grupoEmpresarial);
  const formulario = useMemo(() => (grupo ? { modo: 'editar' as const, id: grupo._id } : null), [grupo?._id]);
  const form = useResourceForm(recurso, formulario, () => {
    // The header and sign-in show the group's name: keep the session's copy in step.
    const nome = form.valores.nome;
    if (grupo && typeof nome === 'string' && nome.trim()) geralStore.getState().setGrupoEmpresarial({ ...grupo, nome: nome.trim() });
  });
  const blocker = useBlocker(({ currentLocation, nextLocation }) => form.dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!form.dirty) return;
    const avisar = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', avisar);
    return () => window.removeEventListener('beforeunload', avisar);
  }, [form.dirty]);

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      form.submit();
    }
  };

  return (
    <Stack gap="md" maw={760} data-testid="recurso-registro-unico" data-recurso={recurso.nome}>
      <Title order={2}>{recurso.rotulo}</Title>
      <Paper withBorder p="lg" radius="md">
        {form.carregando ? (
          <Group justify="center" py="xl">
            <Loader />
          </Group>
        ) : form.erroCarga ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="recurso-form-erro">
            {form.erroCarga.message}
          </Alert>
        ) : (
          <form
            noValidate
            onKeyDown={onKeyDown}
            onSubmit={(e) => {
              e.preventDefault();
              form.submit();
            }}
            data-testid="recurso-form"
            data-recurso={recurso.nome}
          >
            <Stack gap="md">
              <ErroDoFormulario form={form} />
              <CamposDoFormulario recurso={recurso} form={form} editandoId={grupo?._id} />
              <Group justify="flex-end" mt="sm">
                <Text size="xs" c="dimmed" visibleFrom="xs" mr="auto">
                  <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> {t('recurso.atalhoSalvarCurto')}
                </Text>
                <Button type="submit" loading={form.salvando} disabled={!form.dirty} data-testid="recurso-salvar">
                  {t('recurso.salvar')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
      <DescartarDialog opened={blocker.state === 'blocked'} onCancelar={() => blocker.reset?.()} onDescartar={() => blocker.proceed?.()} />
    </Stack>
  );
}
