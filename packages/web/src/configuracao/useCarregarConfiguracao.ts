import { notifications } from '@mantine/notifications';
import { notificationDefaults } from '@retaguarda/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appStorage, useGeral } from '../session/store.ts';
import { carregarConfiguracao, type DependenciasCarga } from './carregar.ts';
import { depoisDaTela } from './depoisDaTela.ts';
import { configuracaoStore } from './store.ts';
import { terminalDoComputador } from './terminalLocal.ts';

/** The app's wiring: the shared store, the notifications (bottom, 5000 ms) and this browser's storage. */
export const dependenciasDoApp: DependenciasCarga = {
  store: configuracaoStore,
  notificar: (message) => notifications.show({ message, color: 'red', autoClose: notificationDefaults.timeout }),
  terminalDoComputador: (empresaId) => terminalDoComputador(appStorage, empresaId),
};

/**
 * Loads the configuration lists once the session (user, group, company) is restored and again on
 * every company switch; a switch aborts the previous company's load so its late answers are dropped.
 * The lists wait for the visible screen's first data (depoisDaTela).
 */
export function useCarregarConfiguracao(): void {
  const empresa = useGeral((s) => s.empresa);
  const grupoEmpresarial = useGeral((s) => s.grupoEmpresarial);
  const troca = useGeral((s) => s.atualizarPaginaTrocaEmpresa);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!empresa || !grupoEmpresarial) return;
    const controle = new AbortController();
    const deps = { ...dependenciasDoApp, depoisDaTela: (signal?: AbortSignal) => depoisDaTela(queryClient, signal) };
    void carregarConfiguracao({ empresa, grupoEmpresarial, signal: controle.signal }, deps);
    return () => controle.abort();
    // The records themselves are replaced on a switch; their ids and the switch counter say when to reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [empresa?._id, grupoEmpresarial?._id, troca]);
}
