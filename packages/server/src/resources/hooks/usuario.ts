import { ehAdministrador, pinSchema, senhaSchema } from '@retaguarda/domain';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { empresa, sessao, usuario } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { hashSenha } from '../../session/password.ts';
import type { Registro } from '../record.ts';
import { ValidacaoError } from '../validacao.ts';
import type { HookContext, ResourceHooks } from './types.ts';

/**
 * Users (docs/decisions/0006): the record lives in registro; the typed usuario table that sign-in
 * and the session read is written here, in the same transaction. senha and pin are hashed before
 * the transaction (prepare), go only to the typed table, and never into the record.
 */

const texto = (v: unknown) => (typeof v === 'string' ? v : '');

/** Other active administrators of the group, locked so two concurrent demotions cannot both pass. */
async function outrosAdministradoresAtivos(tx: Transaction, grupo: string, id: string): Promise<number> {
  const rows = await tx
    .select({ id: usuario.id })
    .from(usuario)
    .where(
      and(
        eq(usuario.grupoEmpresarialId, grupo),
        ne(usuario.id, id),
        eq(usuario.lixo, false),
        eq(usuario.ativo, true),
        or(eq(usuario.administrador, true), eq(usuario.atribuicaoSistema, 'Administrador')),
      ),
    )
    .for('update');
  return rows.length;
}

const administradorAtivo = (u: Record<string, unknown>) => ehAdministrador(u as { administrador?: boolean; atribuicaoSistema?: string }) && u.ativo !== false;

/** Companies must be the group's, not in the trash (checked on the typed table the session reads). */
async function verificarVinculos(dados: Record<string, unknown>, { tx, sessao: s, def }: HookContext) {
  const campos: Record<string, string> = {};
  const empresas = [...new Set([...(dados.empresas as string[]), ...(dados.empresaPadrao ? [dados.empresaPadrao as string] : [])])];
  if (empresas.length) {
    const achadas = new Set(
      (
        await tx
          .select({ id: empresa.id })
          .from(empresa)
          .where(and(eq(empresa.grupoEmpresarialId, s.grupoEmpresarial), inArray(empresa.id, empresas), eq(empresa.lixo, false)))
      ).map((r) => r.id),
    );
    if ((dados.empresas as string[]).some((id) => !achadas.has(id))) campos.empresas = 'Empresa não encontrada.';
    if (dados.empresaPadrao && !achadas.has(dados.empresaPadrao as string)) campos.empresaPadrao = 'Empresa não encontrada.';
  }
  if (Object.keys(campos).length) throw new ValidacaoError(def, campos);
}

/** The typed row's columns from the record. */
function projecao(r: Registro) {
  return {
    nome: texto(r.nome),
    login: texto(r.login),
    email: texto(r.email) || null,
    pessoaId: (r.pessoa as string | null) ?? null,
    atribuicaoSistema: texto(r.atribuicaoSistema),
    acessoSistemaId: (r.acessoSistema as string | null) ?? null,
    empresas: (r.empresas as string[] | undefined) ?? [],
    empresaPadrao: (r.empresaPadrao as string | null) ?? null,
    administrador: r.administrador === true,
    ativo: r.ativo !== false,
    lixo: r.lixo,
  };
}

async function encerrarSessoes(tx: Transaction, grupo: string, id: string) {
  await tx.delete(sessao).where(and(eq(sessao.grupoEmpresarialId, grupo), eq(sessao.usuarioId, id)));
}

export const usuarioHooks: ResourceHooks = {
  async prepare(body, { def, id }) {
    const preparado: Record<string, unknown> = {};
    const senha = body.senha;
    if (id === undefined) {
      const lida = senhaSchema.safeParse(senha === '' ? undefined : senha);
      if (!lida.success) throw new ValidacaoError(def, { senha: lida.error.issues[0]!.message });
      preparado.senhaHash = await hashSenha(lida.data);
    } else if (senha !== undefined && senha !== null && senha !== '') {
      throw new ValidacaoError(def, { senha: 'A senha de um usuário existente é trocada pelo e-mail de redefinição (ou por ele mesmo).' });
    }
    const pin = body.pin;
    if (pin !== undefined && pin !== null && pin !== '') {
      const lido = pinSchema.safeParse(pin);
      if (!lido.success) throw new ValidacaoError(def, { pin: lido.error.issues[0]!.message });
      preparado.pinHash = await hashSenha(lido.data);
    }
    return preparado;
  },

  beforeValidate(body) {
    // Secrets were checked and hashed by prepare; blanks mean "keep".
    const { senha: _senha, pin: _pin, ...resto } = body;
    return resto;
  },

  async beforeSave(dados, ctx) {
    delete dados.senha;
    delete dados.pin;
    await verificarVinculos(dados, ctx);
    const { anterior, sessao: s, tx, def } = ctx;
    if (!anterior) return;
    if (anterior._id === s.usuario && dados.ativo === false) {
      throw new ValidacaoError(def, { ativo: 'Você não pode desativar o próprio usuário.' });
    }
    if (administradorAtivo(anterior) && !administradorAtivo(dados) && (await outrosAdministradoresAtivos(tx, s.grupoEmpresarial, anterior._id)) === 0) {
      const campo = dados.ativo === false ? 'ativo' : 'administrador';
      throw new ValidacaoError(def, { [campo]: 'O grupo precisa de ao menos um administrador ativo.' });
    }
  },

  async afterSave(registro, { tx, sessao: s, anterior, preparado }) {
    const colunas = projecao(registro);
    if (!anterior) {
      await tx.insert(usuario).values({
        grupoEmpresarialId: s.grupoEmpresarial,
        id: registro._id,
        ...colunas,
        senhaHash: preparado!.senhaHash as string,
        pinHash: (preparado?.pinHash as string | undefined) ?? null,
      });
      return;
    }
    const doUsuario = and(eq(usuario.grupoEmpresarialId, s.grupoEmpresarial), eq(usuario.id, registro._id));
    await tx
      .update(usuario)
      .set({ ...colunas, ...(preparado?.pinHash ? { pinHash: preparado.pinHash as string } : {}), version: sql`${usuario.version} + 1`, updatedAt: sql`now()` })
      .where(doUsuario);
    if (!colunas.ativo) await encerrarSessoes(tx, s.grupoEmpresarial, registro._id);
  },

  async beforeTrash(registro, { tx, sessao: s }) {
    if (registro._id === s.usuario) throw new HttpError(409, 'Você não pode enviar o próprio usuário para a lixeira.');
    if (administradorAtivo(registro) && (await outrosAdministradoresAtivos(tx, s.grupoEmpresarial, registro._id)) === 0) {
      throw new HttpError(409, 'Não é possível enviar para a lixeira o último administrador ativo do grupo.');
    }
  },

  async afterLixo(registro, { tx, sessao: s }) {
    await tx
      .update(usuario)
      .set({ lixo: registro.lixo, version: sql`${usuario.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(usuario.grupoEmpresarialId, s.grupoEmpresarial), eq(usuario.id, registro._id)));
    if (registro.lixo) await encerrarSessoes(tx, s.grupoEmpresarial, registro._id);
  },
};
