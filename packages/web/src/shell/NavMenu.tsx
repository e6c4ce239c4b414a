import { Badge, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconHome, IconSearch } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { screens, type Screen } from '@retaguarda/domain';
import { pageLoaderFor } from '../pages/registry.ts';
import { usePermissoes } from '../session/permissoes.ts';
import { filterMenu } from './menuSearch.ts';
import { useMenuState } from './menuState.ts';

/** A screen the registry has no page for opens the "em construção" page: the menu says so beforehand. */
export const emBreve = (screen: Screen): boolean => pageLoaderFor(screen) === undefined;

/** Left drawer: the screens grouped by area, collapsible, with a search box; screens not built yet marked "em breve". */
/** Memo: drawn again when its props, the route, the rights or its own state change, not with the frame. */
export const NavMenu = memo(function NavMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [busca, setBusca] = useState('');
  const { abertas, setAberta } = useMenuState();
  const { pode } = usePermissoes();
  // Only the screens the access profile lets the user see.
  const visiveis = useMemo(() => screens.filter((s) => pode(s.name, 'ver')), [pode]);
  const groups = useMemo(() => filterMenu(busca, visiveis), [busca, visiveis]);
  const current = pathname.split('/')[1] ?? '';
  const buscando = busca.trim() !== '';

  return (
    <Stack gap="xs" h="100%">
      <TextInput
        aria-label={t('shell.buscarTela')}
        placeholder={t('shell.buscarPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={busca}
        onChange={(e) => setBusca(e.currentTarget.value)}
        data-testid="menu-busca"
      />
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <nav aria-label={t('shell.menu')} data-testid="menu-lateral">
          <NavLink component={Link} to="/" label={t('shell.inicio')} leftSection={<IconHome size={18} />} active={pathname === '/'} onClick={onNavigate} />
          {groups.map((group) => {
            const hasCurrent = group.screens.some((s) => s.name === current);
            // While searching every group with a hit is open; otherwise the user's choice, or the group of the open screen.
            const opened = buscando || (abertas[group.area] ?? hasCurrent);
            return (
              // An area opens and closes its list: a button (an anchor without href is no link to a keyboard or a reader).
              <NavLink
                key={group.area}
                component="button"
                aria-expanded={opened}
                label={group.label}
                opened={opened}
                onChange={(o) => setAberta(group.area, o)}
                // A closed area's links are not rendered (Mantine keeps them mounted by default: some 120
                // links of React work on every page load); they mount as it opens, and go once it has closed.
                keepMounted={false}
                childrenOffset={28}
                data-testid={`menu-area-${group.area}`}
              >
                {group.screens.map((s) => (
                  <NavLink
                    key={s.name}
                    component={Link}
                    to={`/${s.name}`}
                    label={s.label}
                    active={current === s.name}
                    onClick={onNavigate}
                    data-testid={`menu-tela-${s.name}`}
                    title={emBreve(s) ? t('shell.emBreveTitulo') : undefined}
                    rightSection={
                      emBreve(s) ? (
                        <Badge size="xs" variant="light" color="gray" radius="sm" tt="none" fw={500} data-testid="menu-em-breve">
                          {t('shell.emBreve')}
                        </Badge>
                      ) : undefined
                    }
                  />
                ))}
              </NavLink>
            );
          })}
          {groups.length === 0 ? (
            <Text c="dimmed" size="sm" p="sm">
              {t('shell.nenhumaTela', { busca })}
            </Text>
          ) : null}
        </nav>
      </ScrollArea>
    </Stack>
  );
});
