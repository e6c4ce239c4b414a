import { corpoDoModelo } from '@retaguarda/domain';
import type { Executor } from '../../db/client.ts';
import type { ModeloAprovado } from '../../db/schema/index.ts';
import { enviarMensagemWhatsApp, type MensagemNaFila, type OpcoesEnvio } from './fila.ts';
import { JANELA_FECHADA, janelaAbertaDoNumero } from './janela.ts';
import { aprovado } from './modelos.ts';

/** An approved template chosen for outside the window, its {{n}} already filled. */
export interface ModeloEscolhido {
  nome: string;
  idioma: string;
  parametros: string[];
}

/**
 * A message the robot sends on its own (automatic messages, campaigns), under Meta's rule: the text
 * within 24 hours of the customer's last message; outside, the approved template chosen; with none, the
 * text kept as failed saying why (`semModelo` tells where to choose one), never sent to be refused.
 */
export async function enviarTextoOuModelo(
  tx: Executor,
  grupo: string,
  numero: string,
  texto: string,
  modelo: ModeloEscolhido | null,
  contexto: { modelosDaConta: readonly ModeloAprovado[] | null; semModelo: string },
  opcoes: OpcoesEnvio,
): Promise<MensagemNaFila> {
  const agora = opcoes.agora ?? new Date();
  if (await janelaAbertaDoNumero(tx, grupo, numero, agora)) return enviarMensagemWhatsApp(tx, grupo, numero, texto, opcoes);
  if (modelo) {
    const daConta = (contexto.modelosDaConta ?? []).find((m) => m.nome === modelo.nome && m.idioma === modelo.idioma && aprovado(m));
    return enviarMensagemWhatsApp(tx, grupo, numero, { ...modelo, ...(daConta ? { corpo: corpoDoModelo(daConta.corpo, modelo.parametros) } : {}) }, opcoes);
  }
  return enviarMensagemWhatsApp(tx, grupo, numero, texto, { ...opcoes, naoEnviar: `${JANELA_FECHADA} ${contexto.semModelo}` });
}
