/** Route names exempt from login (SPEC.md §2 navigation guard, §6). */
export const publicRouteNames = ['Login', 'AccessDenied', 'NotFound', 'recuperarSenha', 'alterarSenha'] as const;
export type PublicRouteName = (typeof publicRouteNames)[number];

/** Paths of the screens outside the layout (SPEC.md §2). */
export const publicPaths = {
  Login: '/login',
  AccessDenied: '/403',
  NotFound: '/404',
  recuperarSenha: '/recuperarSenha',
  alterarSenha: '/alterarSenha/:chave',
} as const satisfies Record<PublicRouteName, string>;
