import { Avatar, Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconDeviceDesktop, IconKey, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sessaoApi } from '../session/api.ts';
import { geralStore, useGeral } from '../session/store.ts';
import { abrirEsteComputador } from './EsteComputadorDialog.tsx';

function initials(nome: string): string {
  return nome
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const usuario = useGeral((s) => s.usuario);

  async function sair() {
    try {
      await sessaoApi.logout();
    } catch {
      // Offline or already expired: locally the session ends anyway.
    }
    geralStore.getState().setUsuario(null);
    queryClient.clear();
    await navigate('/login', { replace: true });
  }

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        {/* Named by the user's name it shows (the initials are a picture of it; on a phone the name is read, not seen). */}
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          leftSection={
            <Avatar size={28} color="blue" aria-hidden>
              {initials(usuario?.nome ?? '?')}
            </Avatar>
          }
          rightSection={<IconChevronDown size={14} aria-hidden />}
          title={t('shell.usuario')}
          data-testid="menu-usuario"
        >
          <Text size="sm" fw={500} visibleFrom="sm" data-testid="usuario-nome">
            {usuario?.nome}
          </Text>
          <VisuallyHidden hiddenFrom="sm">{usuario?.nome}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{usuario?.login}</Menu.Label>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => geralStore.getState().setAlterarSenha(true)} data-testid="alterar-senha">
          {t('shell.alterarSenha')}
        </Menu.Item>
        <Menu.Item leftSection={<IconDeviceDesktop size={16} />} onClick={abrirEsteComputador} data-testid="este-computador-abrir">
          {t('esteComputador.menu')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void sair()} data-testid="sair">
          {t('shell.sair')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
