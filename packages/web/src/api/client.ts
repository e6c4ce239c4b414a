import { mensagens } from '@retaguarda/domain';
import { getConfig } from '../app/config.ts';
import { ApiError } from './ApiError.ts';

/** A zod schema, classic or zod/mini (the session's): both parse with safeParse. */
export interface Esquema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
}

export { ApiError, isApiError } from './ApiError.ts';

export interface RequestOptions<T> {
  /** Validates `data` of a successful answer against the shared contract. */
  schema?: Esquema<T>;
  /**
   * Calls where 401 is an ordinary answer (wrong credentials at login) must not end the session.
   */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app sets this once: clear the user and go to /login (SPEC.md §2 session rule). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** For callers that read answers themselves (configuration loaders): a 401 ends the session the same way. */
export function avisarNaoAutorizado(): void {
  onUnauthorized();
}

function url(path: string): string {
  const base = getConfig().baseRest.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}`;
}

function isFalha(value: unknown): value is { valido: false; data: { message?: unknown; campos?: unknown } } {
  return typeof value === 'object' && value !== null && (value as { valido?: unknown }).valido === false;
}

export async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions<T> = {}): Promise<T> {
  return (await requestWithHeaders(method, path, body, options)).data;
}

/** Same as request, also giving the answer's headers (x-total-count of getPopulate). */
export async function requestWithHeaders<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<{ data: T; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(url(path), {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(mensagens.falhaComunicacao, 0);
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    if (response.status === 401 && !options.ignoreUnauthorized) onUnauthorized();
    throw new ApiError(mensagens.falhaComunicacao, response.status);
  }

  if (!response.ok || isFalha(payload)) {
    if (response.status === 401 && !options.ignoreUnauthorized) onUnauthorized();
    const data = isFalha(payload) ? payload.data : undefined;
    const message = typeof data?.message === 'string' && data.message ? data.message : mensagens.falhaComunicacao;
    const campos = data?.campos && typeof data.campos === 'object' ? (data.campos as Record<string, string>) : undefined;
    throw new ApiError(message, response.ok ? 400 : response.status, campos);
  }

  const data = (payload as { data?: unknown }).data;
  if (!options.schema) return { data: data as T, headers: response.headers };
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    // The server broke the shared contract: report it to developers, tell the user plainly.
    console.error(`Resposta fora do contrato em ${method} ${path}`, parsed.error.issues);
    throw new ApiError(mensagens.falhaComunicacao, response.status);
  }
  return { data: parsed.data, headers: response.headers };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) => request<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, undefined, options),
};
