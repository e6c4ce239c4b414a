import { lazy, Suspense } from 'react';
import { useAbertoAlgumaVez } from '../app/useAbertoAlgumaVez.ts';
import { useGeral } from '../session/store.ts';

// Its code, and the request schemas it checks the new password with, load on the first opening: not with the
// shell of every page (issue 19).
const Dialogo = lazy(() => import('./DialogoAlterarSenha.tsx'));

/** "Alterar senha" of the user menu; opened through geral.alterarSenha. */
export function ChangePasswordDialog() {
  const opened = useGeral((s) => s.alterarSenha);
  return useAbertoAlgumaVez(opened) ? (
    <Suspense fallback={null}>
      <Dialogo opened={opened} />
    </Suspense>
  ) : null;
}
