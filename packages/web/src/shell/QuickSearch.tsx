import { Badge, Box, Group, Kbd, Loader, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconFileText, IconLayoutGrid, IconSearch } from '@tabler/icons-react';
import { screens } from '@retaguarda/domain';
import { useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAbertoAlgumaVez } from '../app/useAbertoAlgumaVez.ts';
import { usePermissoes } from '../session/permissoes.ts';
import { MIN_BUSCA_REGISTROS, useQuickSearch, type ItemBusca } from './useQuickSearch.ts';

/** Header button and Ctrl+K dialog that jumps to any screen or record. */
export function QuickSearch() {
  const { t } = useTranslation();
  const [aberto, { open, close }] = useDisclosure(false);
  // Ctrl+K works from inside inputs too: it is the one shortcut users expect everywhere.
  useHotkeys([['mod+K', () => (aberto ? close() : open())]], []);
  const montado = useAbertoAlgumaVez(aberto);

  return (
    <>
      {/* On a phone the button is the magnifier alone (no keyboard there for Ctrl K). Its name is the text it
          shows (hidden from sight only where the button is narrow), so a voice user says what they see. */}
      <UnstyledButton onClick={open} aria-keyshortcuts="Control+K" data-testid="busca-rapida-abrir">
        <Group gap={6} px="sm" py={6} wrap="nowrap" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}>
          <IconSearch size={16} aria-hidden />
          <Text size="sm" c="dimmed" visibleFrom="lg">
            {t('busca.botao')}
          </Text>
          <VisuallyHidden hiddenFrom="lg">{t('busca.botao')}</VisuallyHidden>
          <Kbd size="xs" visibleFrom="sm">
            Ctrl K
          </Kbd>
        </Group>
      </UnstyledButton>
      {/* The dialog itself (role dialog, Modal's content) carries the name: an aria-label on Modal lands on its root, a plain div. */}
      {montado ? (
        <Modal opened={aberto} onClose={close} withCloseButton={false} size="lg" padding={0} yOffset="10vh" title={null} attributes={{ content: { 'aria-label': t('busca.titulo') } }}>
          {aberto ? <Resultados fechar={close} /> : null}
        </Modal>
      ) : null}
    </>
  );
}

function Resultados({ fechar }: { fechar: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pode } = usePermissoes();
  // Screens the access profile lets the user open; the server filters the records the same way.
  const permitidas = useMemo(() => screens.filter((s) => pode(s.name, 'ver')), [pode]);
  const c = useQuickSearch(permitidas);

  const ir = (item: ItemBusca | undefined) => {
    if (!item) return;
    fechar();
    void navigate(item.destino);
  };
  const teclas = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      c.mover(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      ir(c.itens[c.selecionado]);
    }
  };
  const telas = c.itens.filter((i) => i.tipo === 'tela');
  const registros = c.itens.filter((i) => i.tipo === 'registro');
  const curta = c.busca.trim().length < MIN_BUSCA_REGISTROS;

  return (
    <Box>
      <TextInput
        data-autofocus
        size="lg"
        variant="unstyled"
        px="md"
        leftSection={<IconSearch size={18} />}
        rightSection={c.carregando ? <Loader size="xs" /> : null}
        placeholder={t('busca.placeholder')}
        aria-label={t('busca.titulo')}
        value={c.busca}
        onChange={(e) => c.setBusca(e.currentTarget.value)}
        onKeyDown={teclas}
        data-testid="busca-rapida-campo"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      />
      <ScrollArea.Autosize mah="60vh" type="auto">
        <Stack gap={2} p="xs" role="listbox" aria-label={t('busca.resultados')} data-testid="busca-rapida-resultados">
          {curta && telas.length === 0 ? <Aviso texto={t('busca.dica')} /> : null}
          {telas.length ? <Titulo texto={t('busca.telas')} /> : null}
          {telas.map((item) => (
            <Linha key={item.chave} item={item} ativo={c.itens.indexOf(item) === c.selecionado} onSelect={() => ir(item)} onHover={() => c.setSelecionado(c.itens.indexOf(item))} />
          ))}
          {registros.length ? <Titulo texto={t('busca.registros')} /> : null}
          {registros.map((item) => (
            <Linha key={item.chave} item={item} ativo={c.itens.indexOf(item) === c.selecionado} onSelect={() => ir(item)} onHover={() => c.setSelecionado(c.itens.indexOf(item))} />
          ))}
          {c.erro ? <Aviso texto={t('busca.erro')} /> : null}
          {!curta && !c.carregando && !c.aguardandoServidor && !c.erro && c.itens.length === 0 ? (
            <Aviso texto={t('busca.nada', { busca: c.busca.trim() })} />
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
    </Box>
  );
}

const Titulo = ({ texto }: { texto: string }) => (
  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs">
    {texto}
  </Text>
);

const Aviso = ({ texto }: { texto: string }) => (
  <Text size="sm" c="dimmed" p="sm" data-testid="busca-rapida-aviso">
    {texto}
  </Text>
);

function Linha({ item, ativo, onSelect, onHover }: { item: ItemBusca; ativo: boolean; onSelect: () => void; onHover: () => void }) {
  const titulo = item.tipo === 'tela' ? item.tela.label : item.registro.titulo;
  const detalhe = item.tipo === 'tela' ? null : item.registro.detalhe;
  return (
    <UnstyledButton
      role="option"
      aria-selected={ativo}
      onClick={onSelect}
      onMouseMove={onHover}
      px="sm"
      py={8}
      data-testid="busca-rapida-item"
      style={{ borderRadius: 'var(--mantine-radius-sm)', background: ativo ? 'var(--mantine-color-default-hover)' : undefined }}
    >
      <Group gap="sm" wrap="nowrap">
        {item.tipo === 'tela' ? <IconLayoutGrid size={18} /> : <IconFileText size={18} />}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" truncate>
            {titulo}
          </Text>
          {detalhe ? (
            <Text size="xs" c="dimmed" truncate>
              {detalhe}
            </Text>
          ) : null}
        </Box>
        {item.tipo === 'registro' ? (
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {item.telaLabel}
          </Badge>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}
