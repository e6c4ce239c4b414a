import { Badge, Button, Loader, NavLink, Paper, Stack, Text } from '@mantine/core';
import { conjuntosDeDados } from '@retaguarda/domain';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RelatorioSalvo } from './api.ts';

interface Props {
  relatorios: RelatorioSalvo[] | undefined;
  usuario: string | undefined;
  aberto: string | undefined;
  abrir: (id: string) => void;
  novo: () => void;
}

/** The saved reports the user sees: their own first, then those others shared with the group. */
export function ListaRelatorios({ relatorios, usuario, aberto, abrir, novo }: Props) {
  const { t } = useTranslation();
  const meus = (relatorios ?? []).filter((r) => r.autor === usuario);
  const doGrupo = (relatorios ?? []).filter((r) => r.autor !== usuario);
  const item = (r: RelatorioSalvo) => (
    <NavLink
      key={r._id}
      active={r._id === aberto}
      label={r.nome}
      description={conjuntosDeDados[r.definicao.conjunto]?.rotulo}
      rightSection={r.compartilhado ? <IconUsers size={14} aria-label={t('relatoriosCriados.compartilhado')} /> : null}
      onClick={() => abrir(r._id)}
      data-testid="criado-salvo"
    />
  );
  return (
    <Paper withBorder p="sm" radius="md" className="nao-imprimir" data-testid="criado-lista">
      <Stack gap="xs">
        <Button leftSection={<IconPlus size={16} />} variant="light" onClick={novo} data-testid="criado-novo">
          {t('relatoriosCriados.novo')}
        </Button>
        {!relatorios ? <Loader size="sm" /> : null}
        {/* A div, not a p: the Badge inside is a div. */}
        <Text component="div" fw={600} size="sm" mt="xs">
          {t('relatoriosCriados.meus')} <Badge variant="light" size="sm">{meus.length}</Badge>
        </Text>
        {meus.length ? meus.map(item) : <Text size="sm" c="dimmed">{t('relatoriosCriados.nenhumMeu')}</Text>}
        <Text component="div" fw={600} size="sm" mt="xs">
          {t('relatoriosCriados.doGrupo')} <Badge variant="light" size="sm">{doGrupo.length}</Badge>
        </Text>
        {doGrupo.length ? doGrupo.map(item) : <Text size="sm" c="dimmed">{t('relatoriosCriados.nenhumDoGrupo')}</Text>}
      </Stack>
    </Paper>
  );
}
