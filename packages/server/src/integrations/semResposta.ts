/**
 * The socket's reason of a failed outbound call (ECONNREFUSED, ETIMEDOUT…): fetch's TypeError('fetch failed')
 * carries it as its cause, sometimes inside an AggregateError; a timeout is a TimeoutError.
 */
export function causaDaFalha(erro: unknown): string {
  if (erro instanceof Error && (erro.name === 'TimeoutError' || erro.name === 'AbortError')) return 'tempo esgotado';
  const codigo = (causa: unknown): string | null => {
    if (!causa || typeof causa !== 'object') return null;
    const c = causa as { code?: unknown; errors?: unknown[]; message?: unknown };
    if (typeof c.code === 'string') return c.code;
    if (Array.isArray(c.errors)) return codigo(c.errors[0]);
    return typeof c.message === 'string' && c.message ? c.message : null;
  };
  return erro instanceof Error ? (codigo(erro.cause) ?? erro.message) : String(erro);
}

/** Whether fetch failed without an answer (network or timeout), rather than our own code throwing. */
export const semRespostaDeRede = (erro: unknown): boolean => erro instanceof Error && (erro.name === 'TimeoutError' || erro.name === 'AbortError' || (erro instanceof TypeError && erro.message === 'fetch failed'));

/** 'Sem resposta do marketplace (ECONNREFUSED).': what a queue shows, in Portuguese, for a call nobody answered. */
export const semResposta = (quem: string, erro: unknown): string => `Sem resposta ${quem} (${causaDaFalha(erro)}).`;
