import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { carregarTerminalEPeriodo } from '../configuracao/carregar.ts';
import { escolherTerminal, terminalDoComputador } from '../configuracao/terminalLocal.ts';
import { dependenciasDoApp } from '../configuracao/useCarregarConfiguracao.ts';
import { resourceApi, resourceKeys } from '../resources/api.ts';
import { rotuloDeRegistro } from '../resources/format.ts';
import { useAbertoAlgumaVez } from '../app/useAbertoAlgumaVez.ts';
import { appStorage, geralStore, useGeral } from '../session/store.ts';

/** Whether the "Este computador" dialog is open (user menu and context panel open it). */
export const esteComputadorStore = createStore<{ aberto: boolean }>()(() => ({ aberto: false }));
export const abrirEsteComputador = () => esteComputadorStore.setState({ aberto: true });

// Mantine's Select keeps '' as no selection; an explicit value names the choice "no terminal".
const NENHUM = 'nenhum';

/**
 * "Este computador": which terminal of the active company this computer is. Kept in this browser
 * (local storage), per company; the default terminal and the open cash period follow from it.
 */
export function EsteComputadorDialog() {
  const aberto = useStore(esteComputadorStore, (s) => s.aberto);
  return useAbertoAlgumaVez(aberto) ? <Dialogo aberto={aberto} /> : null;
}

function Dialogo({ aberto }: { aberto: boolean }) {
  const { t } = useTranslation();
  const empresa = useGeral((s) => s.empresa);
  const [escolhido, setEscolhido] = useState<string>(NENHUM);

  useEffect(() => {
    if (aberto && empresa) setEscolhido(terminalDoComputador(appStorage, empresa._id) ?? NENHUM);
  }, [aberto, empresa]);

  const terminais = useQuery({
    queryKey: [...resourceKeys.opcoes('terminal', empresa?._id), 'esteComputador'],
    enabled: aberto && Boolean(empresa),
    queryFn: async ({ signal }) => (await resourceApi('terminal').list({ filtro: { lixo: false }, sort: { descricao: 1 }, limit: 500, skip: 0 }, signal)).registros,
  });

  const fechar = () => esteComputadorStore.setState({ aberto: false });

  async function salvar() {
    if (!empresa) return;
    escolherTerminal(appStorage, empresa._id, escolhido === NENHUM ? null : escolhido);
    fechar();
    const { grupoEmpresarial } = geralStore.getState();
    await carregarTerminalEPeriodo({ empresa, grupoEmpresarial }, dependenciasDoApp);
    notifications.show({ color: 'teal', message: escolhido !== NENHUM ? t('esteComputador.salvo') : t('esteComputador.semTerminalSalvo') });
  }

  const opcoes = [
    { value: NENHUM, label: t('esteComputador.nenhum') },
    ...(terminais.data ?? []).map((r) => ({ value: r._id, label: `${rotuloDeRegistro(r)}${r.tipo ? ` (${String(r.tipo)})` : ''}` })),
  ];

  return (
    <Modal opened={aberto} onClose={fechar} title={<Text fw={600}>{t('esteComputador.titulo')}</Text>} data-testid="este-computador">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('esteComputador.explicacao', { empresa: empresa?.nomeFantasia ?? '' })}
        </Text>
        {terminais.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {terminais.error.message}
          </Alert>
        ) : null}
        <Select
          label={t('esteComputador.terminal')}
          data={opcoes}
          value={escolhido}
          onChange={(v) => setEscolhido(v ?? NENHUM)}
          allowDeselect={false}
          placeholder={terminais.isPending ? t('recurso.carregandoOpcoes') : undefined}
          disabled={terminais.isPending}
          comboboxProps={{ withinPortal: true }}
          data-testid="este-computador-terminal"
        />
        {terminais.data && terminais.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('esteComputador.semTerminais')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={fechar}>
            {t('recurso.cancelar')}
          </Button>
          <Button onClick={() => void salvar()} data-autofocus data-testid="este-computador-salvar">
            {t('recurso.salvar')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
