import { mensagens } from '@retaguarda/domain';
import { avisarNaoAutorizado } from '../api/client.ts';
import { getConfig } from '../app/config.ts';

/** A loader's failure, with the SPEC.md §8 message the user sees. */
export class ErroConfiguracao extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ErroConfiguracao';
  }
}

export interface OpcoesChamada {
  /** The list's name in 'Falha ao obter <lista>!'. */
  lista: string;
  /** Message when no answer arrives (network down); default 'Falha de comunicação!'. */
  semResposta?: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * One configuration call with the messages of SPEC.md §8, word for word: no answer → `semResposta`;
 * a status other than 200 → 'Falha de comunicação!'; valido false → 'Falha ao obter <lista>!' plus the
 * server's message. The generic API client is not used because it shows the server's message for any
 * refusal, and here the status and the envelope have their own messages.
 */
export async function chamar<T>(metodo: 'GET' | 'POST', caminho: string, body: unknown, opcoes: OpcoesChamada): Promise<T> {
  const base = getConfig().baseRest.replace(/\/+$/, '');
  const semResposta = opcoes.semResposta ?? mensagens.falhaComunicacao;
  let response: Response;
  try {
    response = await (opcoes.fetch ?? fetch)(`${base}/${caminho}`, {
      method: metodo,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: opcoes.signal,
    });
  } catch (error) {
    // By name: a DOMException of another realm (tests, workers) is not an instanceof this one.
    if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    throw new ErroConfiguracao(semResposta);
  }
  if (response.status === 401) avisarNaoAutorizado();
  if (response.status !== 200) throw new ErroConfiguracao(mensagens.falhaComunicacao);
  let payload: { valido?: unknown; data?: unknown };
  try {
    payload = (await response.json()) as typeof payload;
  } catch {
    throw new ErroConfiguracao(semResposta);
  }
  if (payload?.valido !== true) {
    const detalhe = (payload?.data as { message?: unknown } | undefined)?.message;
    throw new ErroConfiguracao(`${mensagens.falhaObter(opcoes.lista)}${typeof detalhe === 'string' && detalhe ? ` ${detalhe}` : ''}`);
  }
  return payload.data as T;
}
