import '../app/estilosDoApp.css';
import { ActionIcon, AppShell, Box, Burger, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { breakpoints, findScreen } from '@retaguarda/domain';
import { IconLayoutSidebarRight } from '@tabler/icons-react';
import { Suspense, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { PageLoader } from '../app/PageLoader.tsx';
import { useSessao } from '../session/queries.ts';
import { geralStore, useGeral } from '../session/store.ts';
import { useCarregarConfiguracao } from '../configuracao/useCarregarConfiguracao.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { EsteComputadorDialog } from './EsteComputadorDialog.tsx';
import { CompanySwitcher } from './CompanySwitcher.tsx';
import { ContextPanel } from './ContextPanel.tsx';
import { TELA_PEQUENA } from '../resources/FiltrosDobraveis.tsx';
import { Logo } from './Logo.tsx';
import { NavMenu } from './NavMenu.tsx';
import { QuickSearch } from './QuickSearch.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useContarTelaAberta } from './useContarTelaAberta.ts';

const DESKTOP = `(min-width: ${breakpoints.md}px)`;

/**
 * What the layout keeps up to date, in a component of its own that draws nothing: the session query's
 * changes (fetching, then its answer) and the configuration's re-render this, not the header and the menu
 * (issue 19: each was a render of the whole frame during a page load).
 */
function EfeitosDaSessao() {
  // The shared configuration lists (SPEC.md §3) of the session's company, reloaded on a switch.
  useCarregarConfiguracao();
  useContarTelaAberta();
  const sessao = useSessao();

  // The saved user (and its access profile) is refreshed from the server, so a profile changed by an
  // administrator shows in the menu without signing in again.
  useEffect(() => {
    const usuario = sessao.data?.usuario;
    if (usuario && JSON.stringify(usuario) !== JSON.stringify(geralStore.getState().usuario)) geralStore.getState().setUsuario(usuario);
  }, [sessao.data]);
  return null;
}

/** Main layout: header, left drawer (menu), right drawer (context) and the screen. */
export function Layout() {
  const { t } = useTranslation();
  const left = useGeral((s) => s.leftDrawerOpen);
  const right = useGeral((s) => s.rightDrawerOpen);
  const titulo = useGeral((s) => s.titulo);
  // The screen is keyed on this counter, so a company switch remounts it and its data reloads.
  const trocaEmpresa = useGeral((s) => s.atualizarPaginaTrocaEmpresa);
  const desktop = useMediaQuery(DESKTOP, true, { getInitialValueInEffect: false });
  // On a phone the company switcher has a row of its own under the header: its whole name, nothing covered.
  const pequena = useMediaQuery(TELA_PEQUENA, false, { getInitialValueInEffect: false });
  // Menu open by default on wide screens, closed on phones where it would cover the screen.
  useEffect(() => {
    geralStore.getState().setLeftDrawerOpen(Boolean(desktop));
  }, [desktop]);

  const screen = findScreen(titulo);
  const { setLeftDrawerOpen, setRightDrawerOpen } = geralStore.getState();
  // Stable, so the menu (memo) is not drawn again with every render of the frame.
  const aoNavegar = useCallback(() => !desktop && geralStore.getState().setLeftDrawerOpen(false), [desktop]);

  return (
    <AppShell
      header={{ height: pequena ? 108 : 60 }}
      navbar={{ width: 300, breakpoint: 'md', collapsed: { mobile: !left, desktop: !left } }}
      aside={{ width: 320, breakpoint: 'md', collapsed: { mobile: !right, desktop: !right } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h={60} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={left} onClick={() => setLeftDrawerOpen(!left)} size="sm" aria-label={t('shell.abrirMenu')} data-testid="menu-toggle" />
            <Link to="/" style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none', color: 'inherit' }}>
              <Logo size={28} />
              <Text fw={700} visibleFrom="sm">
                {t('app.nome')}
              </Text>
            </Link>
            {/* The open screen's name is the page's one h1 (read, not seen, where the header is narrow). */}
            {screen ? (
              <>
                <Text component="h1" size="md" fw={400} c="dimmed" truncate visibleFrom="md" data-testid="titulo-tela">
                  <span aria-hidden>/ </span>
                  {screen.label}
                </Text>
                <VisuallyHidden component="h1" hiddenFrom="md">
                  {screen.label}
                </VisuallyHidden>
              </>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <QuickSearch />
            {pequena ? null : <CompanySwitcher />}
            <ThemeSwitch />
            <Tooltip label={t('shell.contexto')}>
              <ActionIcon
                variant={right ? 'light' : 'subtle'}
                color="gray"
                size="lg"
                onClick={() => setRightDrawerOpen(!right)}
                aria-label={t('shell.abrirContexto')}
                data-testid="contexto-toggle"
              >
                <IconLayoutSidebarRight size={20} />
              </ActionIcon>
            </Tooltip>
            <UserMenu />
          </Group>
        </Group>
        {pequena ? (
          <Box px="md" pb="xs">
            <CompanySwitcher largura="100%" />
          </Box>
        ) : null}
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <NavMenu onNavigate={aoNavegar} />
      </AppShell.Navbar>

      <AppShell.Aside p="md">
        {/* Rendered only while open: closed, it re-rendered on each of the ~25 configuration lists arriving after a load. */}
        {right ? <ContextPanel /> : null}
      </AppShell.Aside>

      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet key={trocaEmpresa} />
        </Suspense>
      </AppShell.Main>
      <ChangePasswordDialog />
      <EsteComputadorDialog />
      <EfeitosDaSessao />
    </AppShell>
  );
}
