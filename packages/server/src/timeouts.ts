/**
 * Every quiet time after which the server drops something it kept between requests: a database
 * connection, a cached credential. Declared here, in one place, because each is a moment where a
 * request finds fresh state (a new connection, a new lookup) and that path must work as well as the
 * warm one: the soak test (test/soak.test.ts) lets terminals stay quiet for longer than the longest of
 * these between bursts of sales, so a timeout added here is covered by it.
 */
export const IDLE_TIMEOUTS_MS = {
  /** A database connection unused this long is closed; the next request opens a new one (pg.Pool idleTimeoutMillis). */
  poolIdle: 10_000,
  /** A terminal's credential is trusted this long without being looked up again (sales/credencial.ts). */
  terminalCredentialCache: 30_000,
  /** A signed-in session (user, rights, GET /api/sessao's answer) is served from memory this long at most (session/cacheSessoes.ts); changes drop it at once. */
  sessionCache: 30_000,
  /** A connected KDS board's device session or user session is looked up again this often: revoked, it is disconnected (kds/socket.ts). */
  kdsAcesso: 15_000,
} as const;
