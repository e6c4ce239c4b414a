import type { StartupOutcome } from './runner.ts';

export interface BootSteps {
  /** Reads /config.json (SPEC.md §7 base addresses); everything after it may call the API. */
  loadConfig: () => Promise<unknown>;
  /** The start-up modules (SPEC.md §4). */
  runStartup: () => Promise<StartupOutcome>;
  mount: () => void;
  redirect: (to: string) => void;
  showFailure: () => void;
}

/**
 * The order of a page load: the base addresses first, then the start-up modules, then the app is
 * mounted, unless a module asks for a redirect or fails (logged by the runner; the page says so).
 */
export async function boot(steps: BootSteps): Promise<void> {
  await steps.loadConfig();
  const outcome = await steps.runStartup();
  if (outcome.kind === 'failed') return steps.showFailure();
  if (outcome.kind === 'redirect') return steps.redirect(outcome.to);
  steps.mount();
}
