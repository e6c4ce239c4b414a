import { findRecurso, telefoneValido } from '@retaguarda/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config.ts';
import type { Transaction } from '../../db/client.ts';
import { clienteSessao } from '../../db/schema/index.ts';
import { criarNaTransacao } from '../../resources/pipeline.ts';
import { newSecret, sha256 } from '../../session/tokens.ts';

/**
 * The customer's session on the public pages (QR table page), opened by a one-time code. Its cookie is
 * its own (never the back office's retaguarda_sessao) and only travels to /api/q: it proves who orders,
 * nothing more. Two hours: a meal, not a login that lives on a shared phone.
 */
export const CLIENTE_COOKIE = 'retaguarda_cliente';
export const CLIENTE_TTL_MS = 2 * 60 * 60 * 1000;

export function clienteCookieOptions(config: Config): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/api/q', secure: config.cookieSecure, maxAge: CLIENTE_TTL_MS / 1000 };
}

export interface ClienteLogado {
  pessoa: string;
  nome: string;
  destino: string;
}

/** A phone as the registry keeps it: DDD and number, without Brazil's 55 the code's destination may carry. */
const telefoneDoCadastro = (digitos: string) => (digitos.length >= 12 && digitos.startsWith('55') ? digitos.slice(2) : digitos);

/**
 * The pessoa of a code's destination: the group's live one with that e-mail (any case) or phone, else a
 * new customer with it. `nome` is what the customer typed; without it the destination names the record.
 */
export async function pessoaDoDestino(tx: Transaction, grupo: string, empresa: string, destino: string, nome: string | null): Promise<{ id: string; nome: string }> {
  const email = destino.includes('@');
  const telefone = email ? '' : telefoneDoCadastro(destino);
  const [achada] = (
    await tx.execute<{ id: string; nome: string }>(sql`
      select id, dados->>'nome' nome from registro
      where grupo_empresarial_id = ${grupo} and recurso = 'pessoa' and not lixo and not coalesce((dados->>'clientePadrao')::boolean, false)
        and ${
          email
            ? sql`exists (select 1 from jsonb_array_elements(coalesce(dados->'enderecosEletronicos', '[]'::jsonb)) e where lower(e->>'endereco') = ${destino})`
            : sql`exists (select 1 from jsonb_array_elements(coalesce(dados->'telefones', '[]'::jsonb)) f where f->>'numero' in (${telefone}, ${destino}))`
        }
      order by coalesce((dados->>'cliente')::boolean, false) desc, created_at limit 1`)
  ).rows;
  if (achada) return achada;
  const nomeFinal = (nome?.trim() || destino).slice(0, 120);
  const corpo = {
    tipo: 'Física',
    nome: nomeFinal,
    cliente: true,
    ...(email ? { enderecosEletronicos: [{ tipo: 'E-mail', endereco: destino }] } : telefoneValido(telefone) ? { telefones: [{ tipo: 'Celular', numero: telefone }] } : {}),
    observacao: 'Cadastrado ao entrar com código numa página pública da loja (mesa do QR Code ou delivery próprio).',
  };
  // The public page has no user: the record is written as the system's, in the table's company.
  const sistema = { id: 'cliente-otp', usuario: 'qrCode', grupoEmpresarial: grupo, empresa, permissoes: { administrador: true, telas: {}, pdv: [] } };
  const criada = await criarNaTransacao(tx, findRecurso('pessoa')!, sistema, corpo);
  return { id: criada._id, nome: nomeFinal };
}

/** Opens a session for the pessoa; the returned token goes only into the cookie. */
export async function abrirSessaoCliente(tx: Transaction, grupo: string, pessoa: string, destino: string, agora = new Date()): Promise<string> {
  const token = newSecret();
  await tx.insert(clienteSessao).values({ grupoEmpresarialId: grupo, tokenHash: sha256(token), pessoaId: pessoa, destino, expiraEm: new Date(agora.getTime() + CLIENTE_TTL_MS) });
  return token;
}

/** The customer of a cookie in this group (a cookie of another group's page finds nobody here), while it lasts. */
export async function clienteDoToken(tx: Transaction, grupo: string, token: string | undefined): Promise<ClienteLogado | null> {
  if (!token || token.length > 100) return null;
  const [s] = await tx
    .select({ pessoa: clienteSessao.pessoaId, destino: clienteSessao.destino, nome: sql<string>`(select dados->>'nome' from registro r where r.grupo_empresarial_id = ${clienteSessao.grupoEmpresarialId} and r.id = ${clienteSessao.pessoaId})` })
    .from(clienteSessao)
    .where(and(eq(clienteSessao.grupoEmpresarialId, grupo), eq(clienteSessao.tokenHash, sha256(token)), gt(clienteSessao.expiraEm, sql`now()`), isNull(clienteSessao.encerradaEm)));
  return s ? { pessoa: s.pessoa, nome: s.nome ?? s.destino, destino: s.destino } : null;
}

export async function encerrarSessaoCliente(tx: Transaction, grupo: string, token: string | undefined): Promise<void> {
  if (!token) return;
  await tx.update(clienteSessao).set({ encerradaEm: new Date() }).where(and(eq(clienteSessao.grupoEmpresarialId, grupo), eq(clienteSessao.tokenHash, sha256(token)), isNull(clienteSessao.encerradaEm)));
}
