/**
 * The app's frame drawn by index.html itself (build/esqueleto.ts) on a signed-in page, before any
 * script has arrived: header, menu outline and the page loader, so a reload shows the app at once
 * instead of a blank page for the seconds the shell's code, the guard and the screen take on a slow
 * network. It goes as soon as a real page is drawn (app/RootFrame.tsx) or the start fails (main.tsx).
 */
export const ESQUELETO_ID = 'esqueleto';

export function removerEsqueleto(): void {
  document.getElementById(ESQUELETO_ID)?.remove();
}
