import { corpoDoModelo } from '@retaguarda/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { whatsappConexao, type ModeloAprovado, type ModeloWhatsApp } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/envelope.ts';
import type { ProvedorWhatsApp } from './cloudApi.ts';
import { conexaoDoGrupo, paraEnvio, type LinhaConexao } from './conexao.ts';

/** Only an approved template may be sent (Meta refuses the others). */
export const aprovado = (m: Pick<ModeloAprovado, 'situacao'>) => m.situacao.toUpperCase() === 'APPROVED';

/**
 * Reads the WABA's templates from the API and keeps them on the robot (the screen lists the kept ones;
 * this refreshes them). The API is called outside any transaction by the caller's choice of `tx` only
 * for the write: 409 without a WABA id, 502 with the API's reason when it refuses.
 */
export async function atualizarModelos(lerConexao: () => Promise<LinhaConexao | undefined>, gravar: (modelos: ModeloAprovado[], em: Date) => Promise<void>, chave: Buffer, provedor: ProvedorWhatsApp): Promise<{ modelos: ModeloAprovado[]; em: Date }> {
  const linha = await lerConexao();
  if (!linha?.ativo) throw new HttpError(409, 'O robô do WhatsApp não está conectado: configure-o em Integrações → WhatsApp.');
  if (!linha.wabaId) throw new HttpError(409, 'Informe o WABA ID (a conta do WhatsApp Business) na conexão para listar os modelos aprovados.');
  const r = await provedor.listarModelos({ ...paraEnvio(chave, linha), wabaId: linha.wabaId });
  if (!r.ok) throw new HttpError(502, `Não foi possível ler os modelos: ${r.erro}`);
  const modelos = [...r.modelos].sort((a, b) => Number(aprovado(b)) - Number(aprovado(a)) || a.nome.localeCompare(b.nome) || a.idioma.localeCompare(b.idioma));
  const em = new Date();
  await gravar(modelos, em);
  return { modelos, em };
}

export function gravarModelos(tx: Executor, grupo: string, modelos: ModeloAprovado[], em: Date) {
  return tx
    .update(whatsappConexao)
    .set({ modelos, modelosEm: em, version: sql`${whatsappConexao.version} + 1` })
    .where(eq(whatsappConexao.grupoEmpresarialId, grupo));
}

/**
 * A template send checked against the kept list: the template must be there and approved, with as many
 * parameters as its body's {{n}}. 400 naming what is wrong (the list may need refreshing: it says so).
 */
export async function modeloParaEnvio(tx: Executor, grupo: string, nome: string, idioma: string, parametros: readonly string[]): Promise<ModeloWhatsApp> {
  const linha = await conexaoDoGrupo(tx, grupo);
  const m = (linha?.modelos ?? []).find((x) => x.nome === nome && x.idioma === idioma);
  if (!m) throw new HttpError(400, `Modelo: ${nome} (${idioma}) não está na lista de modelos da conta; atualize a lista.`, {}, { modelo: 'Modelo não encontrado; atualize a lista.' });
  if (!aprovado(m)) throw new HttpError(400, `Modelo: ${nome} não está aprovado pela Meta (situação ${m.situacao}).`, {}, { modelo: 'Modelo não aprovado.' });
  if (parametros.length !== m.parametros)
    throw new HttpError(400, `Parâmetros: o modelo ${nome} tem ${m.parametros} parâmetro(s); foram informados ${parametros.length}.`, {}, { parametros: `Informe ${m.parametros} parâmetro(s).` });
  const vazio = parametros.findIndex((p) => !p.trim());
  if (vazio >= 0) throw new HttpError(400, `Parâmetros: preencha {{${vazio + 1}}}.`, {}, { [`parametros.${vazio}`]: 'Preencha o parâmetro.' });
  const valores = parametros.map((p) => p.trim());
  return { nome, idioma, parametros: valores, corpo: corpoDoModelo(m.corpo, valores) };
}
