import { Outlet, useNavigation } from 'react-router';
import { NavigationEffects } from './NavigationEffects.tsx';
import { ProgressBar } from './ProgressBar.tsx';

/** Root of every route: progress bar, title and scroll handling around the matched page. */
export function RootFrame() {
  const navigation = useNavigation();
  return (
    <>
      <ProgressBar active={navigation.state !== 'idle'} />
      <NavigationEffects />
      <Outlet />
    </>
  );
}
