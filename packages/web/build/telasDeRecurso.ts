import { recursoDaTela, screens } from '../../domain/src/index.ts'; // relative: the config's bundler inlines it (a package import would reach Node as .ts)

/**
 * The screens that show a declared resource on the generic list + form screen, read from the domain's
 * catalogue when the app is built (vite.config.ts's `define`). The menu and the page registry need only
 * these names; the catalogue itself (its zod schemas, columns and forms) then loads with the resource
 * screen instead of with the shell of every signed-in page.
 */
export function telasDeRecurso(): string[] {
  return screens.filter((screen) => recursoDaTela(screen.name) !== undefined).map((screen) => screen.name);
}
