import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Distinct client addresses keep the per-IP rate limits of one test from touching another's. */
let nextAddress = 1;
export const freshIp = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

export async function login(app: FastifyInstance, login: string, senha: string, extra: Record<string, unknown> = {}, ip = freshIp()) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { login, senha, ...extra }, remoteAddress: ip });
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'retaguarda_sessao');
  if (!cookie?.value) throw new Error(`sem cookie de sessão (status ${res.statusCode}: ${res.body})`);
  return cookie.value;
}

export async function signIn(app: FastifyInstance, user: string, senha = 'demo1234'): Promise<string> {
  return sessionCookie(await login(app, user, senha));
}

export const withCookie = (token: string) => ({ cookies: { retaguarda_sessao: token } });
