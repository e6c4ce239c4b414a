import { useLayoutEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { removerEsqueleto } from '../startup/esqueleto.ts';
import { NavigationEffects } from './NavigationEffects.tsx';
import { ProgressBar } from './ProgressBar.tsx';

/** Root of every route: progress bar, title and scroll handling around the matched page. */
export function RootFrame() {
  const navigation = useNavigation();
  // The first page drawn (the router renders this frame once the first route's code and guard are in) replaces index.html's.
  useLayoutEffect(removerEsqueleto, []);
  return (
    <>
      <ProgressBar active={navigation.state !== 'idle'} />
      <NavigationEffects />
      <Outlet />
    </>
  );
}
