import { notifications } from '@mantine/notifications';
import type { EmpresaSessao } from '@retaguarda/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessaoApi } from './api.ts';
import { geralStore } from './store.ts';

/**
 * Switches the session's active company: the server first, then the store (the screen reloads) and a
 * notice; a refusal is shown in red. `aoTrocar` runs after, with the company now active.
 */
export function useTrocarEmpresa(aoTrocar?: (empresa: EmpresaSessao) => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (id: string) => sessaoApi.trocarEmpresa(id),
    // No cache seeding: the new company's keys are empty, so the visible screen asks the server again.
    onSuccess: (data) => {
      geralStore.getState().empresaTrocada(data.empresa);
      notifications.show({ message: t('shell.empresaTrocada', { nome: data.empresa.nomeFantasia }), color: 'teal' });
      aoTrocar?.(data.empresa);
    },
    onError: (error) => notifications.show({ message: error.message, color: 'red' }),
  });
}
