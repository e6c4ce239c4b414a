/**
 * Start-up modules of SPEC.md §4: run in order before the app mounts. A module may ask for a
 * redirect instead of the normal flow; a module that throws aborts the mount.
 */
export interface StartupContext {
  /** Current location path, so a module can decide whether a redirect is needed. */
  path: string;
}

export type StartupResult = void | { redirect: string };

export interface StartupModule {
  name: string;
  run(context: StartupContext): StartupResult | Promise<StartupResult>;
}

export type StartupOutcome =
  | { kind: 'mount' }
  | { kind: 'redirect'; to: string; module: string }
  | { kind: 'failed'; module: string; error: unknown };

export async function runStartup(modules: readonly StartupModule[], context: StartupContext): Promise<StartupOutcome> {
  for (const module of modules) {
    try {
      const result = await module.run(context);
      if (result && typeof result.redirect === 'string') return { kind: 'redirect', to: result.redirect, module: module.name };
    } catch (error) {
      console.error(`Falha no módulo de inicialização "${module.name}"`, error);
      return { kind: 'failed', module: module.name, error };
    }
  }
  return { kind: 'mount' };
}
