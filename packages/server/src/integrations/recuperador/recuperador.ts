import { conferirModelo, conferirParametrosModelo, dataBr, hojeNoFuso, lerParametrosModelo, numeroWhatsApp, preencherMensagem, reais, semZerosFinais, telefoneParaMensagem, VARIAVEIS_RECUPERADOR, type ClienteParado } from '@retaguarda/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { recuperadorCampanha, recuperadorCliente } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { nomeDaLoja } from '../mensagemAutomatica/notificar.ts';
import { conexaoDoGrupo } from '../whatsapp/conexao.ts';
import type { MensagemNaFila } from '../whatsapp/fila.ts';
import { modeloParaEnvio } from '../whatsapp/modelos.ts';
import { enviarTextoOuModelo } from '../whatsapp/textoOuModelo.ts';

/**
 * recuperadorDeVenda (issue 17): customers who stopped ordering (at least M orders, none in the last N
 * days), a campaign that sends each a coupon through the robot, and what came back: who ordered again
 * within the campaign's window and the revenue of those orders, in centavos.
 */

const DIA_MS = 86_400_000;

export interface Criterios {
  diasSemPedido: number;
  minimoPedidos: number;
}

export type { ClienteParado };

const numeroDe = (telefones: unknown): string | null => {
  const telefone = telefoneParaMensagem(telefones);
  return telefone ? numeroWhatsApp(telefone) : null;
};

/** The group's customers (not the default one, not trashed) with ≥ minimoPedidos sales and none in the last diasSemPedido days, the most recent first. */
export async function clientesParados(tx: Transaction, grupo: string, c: Criterios, agora = new Date()): Promise<ClienteParado[]> {
  const corte = new Date(agora.getTime() - c.diasSemPedido * DIA_MS).toISOString();
  const linhas = (
    await tx.execute<{ cliente: string; nome: string; telefones: unknown; pedidos: number; receita: string; ultimo: string }>(sql`
      with compras as (
        select cliente_id, count(*)::int pedidos, sum(total)::bigint receita, max(fechado_em) ultimo from venda
        where grupo_empresarial_id = ${grupo} and cliente_id is not null and not cancelada group by cliente_id)
      select c.cliente_id cliente, p.dados->>'nome' nome, p.dados->'telefones' telefones, c.pedidos, c.receita::text receita, c.ultimo::text ultimo
      from compras c join registro p on p.grupo_empresarial_id = ${grupo} and p.id = c.cliente_id and p.recurso = 'pessoa' and not p.lixo
      where c.pedidos >= ${c.minimoPedidos} and c.ultimo < ${corte}::timestamptz and coalesce((p.dados->>'clientePadrao')::boolean, false) = false
      order by c.ultimo desc, c.cliente_id limit 2000`)
  ).rows;
  return linhas.map((l) => ({
    cliente: l.cliente,
    nome: l.nome,
    numero: numeroDe(l.telefones),
    pedidos: l.pedidos,
    receita: Number(l.receita),
    ultimoPedidoEm: new Date(l.ultimo).toISOString(),
    diasSemPedido: Math.floor((agora.getTime() - new Date(l.ultimo).getTime()) / DIA_MS),
  }));
}

export interface NovaCampanha extends Criterios {
  nome: string;
  janelaDias: number;
  cupom: string;
  mensagem: string;
  /** The approved template for customers outside Meta's 24 hours (most of them: they stopped writing); '' for none. */
  modeloNome?: string;
  modeloIdioma?: string;
  /** Our variables for its {{1}}, {{2}}…: '{nome}, {cupom}'. */
  parametrosModelo?: string;
}

interface Cupom {
  codigo: string;
  tipoDesconto: 'Percentual' | 'Valor';
  percentual: string | null;
  valor: number | null;
  validoDe: string;
  validoAte: string | null;
  ativo: boolean;
}

/** The coupon as the message says it: '10%' or 'R$ 15,00'. */
const descontoDo = (c: Cupom) => (c.tipoDesconto === 'Percentual' ? `${semZerosFinais(c.percentual ?? '0').replace('.', ',')}%` : reais(c.valor ?? 0));

/**
 * Sends a campaign: the customers who stopped ordering now, each with a phone, get the message with the
 * coupon through the robot, all in one transaction (the campaign, who it reached and the queued
 * messages, or nothing). 400 naming the field for an unknown variable or a coupon that cannot be used;
 * 409 when nobody fits or the robot is not connected.
 */
export async function enviarCampanha(tx: Transaction, a: { grupoEmpresarial: string; empresa: string; usuario: string }, n: NovaCampanha, agora = new Date()) {
  const erro = conferirModelo(n.mensagem, VARIAVEIS_RECUPERADOR, ['cupom']);
  if (erro) throw new HttpError(400, `Mensagem: ${erro}`, {}, { mensagem: erro });
  const [registroCupom] = (
    await tx.execute<{ dados: Cupom }>(sql`select dados from registro where grupo_empresarial_id = ${a.grupoEmpresarial} and recurso = 'voucherECupomDesconto' and id = ${n.cupom} and not lixo`)
  ).rows;
  const cupom = registroCupom?.dados;
  if (!cupom) throw new HttpError(400, 'Cupom: escolha um cupom de desconto cadastrado.', {}, { cupom: 'Escolha um cupom de desconto cadastrado.' });
  const hoje = hojeNoFuso(agora);
  const fimJanela = hojeNoFuso(new Date(agora.getTime() + n.janelaDias * DIA_MS));
  if (!cupom.ativo || cupom.validoDe > hoje || (cupom.validoAte !== null && cupom.validoAte < fimJanela))
    throw new HttpError(400, `Cupom: ${cupom.codigo} precisa estar ativo e valer de hoje até o fim da campanha (${dataBr(fimJanela)}).`, {}, { cupom: 'O cupom precisa valer durante toda a campanha.' });
  const erroParametros = conferirParametrosModelo(n.parametrosModelo ?? '', VARIAVEIS_RECUPERADOR);
  if (erroParametros) throw new HttpError(400, `Parâmetros do modelo: ${erroParametros}`, {}, { parametrosModelo: erroParametros });
  const parametrosModelo = lerParametrosModelo(n.parametrosModelo);
  // Checked once before anything is written: in the account's list, approved, as many parameters as its {{n}}.
  if (n.modeloNome) await modeloParaEnvio(tx, a.grupoEmpresarial, n.modeloNome, n.modeloIdioma ?? '', parametrosModelo);
  const conexao = await conexaoDoGrupo(tx, a.grupoEmpresarial);
  const alvo = (await clientesParados(tx, a.grupoEmpresarial, n, agora)).filter((c) => c.numero);
  if (!alvo.length) throw new HttpError(409, 'Nenhum cliente com telefone se encaixa nesses critérios.');
  const loja = await nomeDaLoja(tx, a.grupoEmpresarial, a.empresa);
  const id = newId();
  await tx.insert(recuperadorCampanha).values({
    grupoEmpresarialId: a.grupoEmpresarial,
    id,
    nome: n.nome,
    diasSemPedido: n.diasSemPedido,
    minimoPedidos: n.minimoPedidos,
    janelaDias: n.janelaDias,
    cupomId: n.cupom,
    cupomCodigo: cupom.codigo,
    mensagem: n.mensagem,
    enviadaEm: agora,
    enviadaPor: a.usuario,
  });
  const mensagens: MensagemNaFila[] = [];
  for (const c of alvo) {
    const valores = {
      nome: c.nome.trim().split(/\s+/)[0] ?? '',
      cupom: cupom.codigo,
      desconto: descontoDo(cupom),
      // A coupon without an end date: the campaign's, which is what the result counts.
      validade: dataBr(cupom.validoAte ?? fimJanela),
      loja,
      dias: String(c.diasSemPedido),
    };
    const modelo = n.modeloNome ? { nome: n.modeloNome, idioma: n.modeloIdioma ?? '', parametros: parametrosModelo.map((p) => preencherMensagem(p, valores)) } : null;
    const m = await enviarTextoOuModelo(tx, a.grupoEmpresarial, c.numero!, preencherMensagem(n.mensagem, valores), modelo, { modelosDaConta: conexao?.modelos ?? null, semModelo: 'Escolha um modelo aprovado na campanha.' }, { origem: 'recuperador', chave: `recuperador:${id}:${c.cliente}`, nome: c.nome, autor: a.usuario, agora });
    mensagens.push(m);
    await tx.insert(recuperadorCliente).values({ grupoEmpresarialId: a.grupoEmpresarial, campanhaId: id, clienteId: c.cliente, nome: c.nome, numero: c.numero!, pedidosAntes: c.pedidos, ultimoPedidoEm: new Date(c.ultimoPedidoEm), mensagemId: m.id });
  }
  return { _id: id, alcancados: alvo.length, mensagens };
}

/** Per customer of a campaign: the orders closed after the send and within the window (not cancelled), their revenue, with the coupon or not. */
const resultadoSql = (grupo: string, campanha: ReturnType<typeof sql> | null) => sql`
  select rc.campanha_id, rc.cliente_id, rc.nome, rc.numero, rc.pedidos_antes, rc.ultimo_pedido_em::text, m.situacao mensagem,
    count(v.id)::int pedidos, coalesce(sum(v.total), 0)::bigint::text receita,
    count(v.id) filter (where upper(coalesce(v.cupom, '')) = c.cupom_codigo)::int com_cupom
  from recuperador_cliente rc
  join recuperador_campanha c on c.grupo_empresarial_id = rc.grupo_empresarial_id and c.id = rc.campanha_id
  left join whatsapp_mensagem m on m.grupo_empresarial_id = rc.grupo_empresarial_id and m.id = rc.mensagem_id
  left join venda v on v.grupo_empresarial_id = rc.grupo_empresarial_id and v.cliente_id = rc.cliente_id and not v.cancelada
    and v.fechado_em > c.enviada_em and v.fechado_em <= c.enviada_em + make_interval(days => c.janela_dias)
  where rc.grupo_empresarial_id = ${grupo} ${campanha ? sql`and rc.campanha_id = ${campanha}` : sql``}
  group by rc.campanha_id, rc.cliente_id, rc.nome, rc.numero, rc.pedidos_antes, rc.ultimo_pedido_em, m.situacao
  order by rc.nome, rc.cliente_id`;

type LinhaResultado = { campanha_id: string; cliente_id: string; nome: string; numero: string; pedidos_antes: number; ultimo_pedido_em: string; mensagem: string | null; pedidos: number; receita: string; com_cupom: number };

function resumo(linhas: readonly LinhaResultado[]) {
  const voltaram = linhas.filter((l) => l.pedidos > 0);
  return {
    alcancados: linhas.length,
    voltaram: voltaram.length,
    pedidos: voltaram.reduce((s, l) => s + l.pedidos, 0),
    pedidosComCupom: voltaram.reduce((s, l) => s + l.com_cupom, 0),
    receita: voltaram.reduce((s, l) => s + Number(l.receita), 0),
    entregues: linhas.filter((l) => l.mensagem === 'entregue' || l.mensagem === 'lida').length,
    falhas: linhas.filter((l) => l.mensagem === 'falhou').length,
  };
}

const campanhaDe = (c: typeof recuperadorCampanha.$inferSelect) => ({
  _id: c.id,
  nome: c.nome,
  diasSemPedido: c.diasSemPedido,
  minimoPedidos: c.minimoPedidos,
  janelaDias: c.janelaDias,
  cupom: c.cupomCodigo,
  mensagem: c.mensagem,
  enviadaEm: c.enviadaEm.toISOString(),
  terminaEm: new Date(c.enviadaEm.getTime() + c.janelaDias * DIA_MS).toISOString(),
});

/** The group's campaigns, newest first, each with its result so far. */
export async function listarCampanhas(tx: Transaction, grupo: string) {
  const campanhas = await tx.select().from(recuperadorCampanha).where(eq(recuperadorCampanha.grupoEmpresarialId, grupo)).orderBy(desc(recuperadorCampanha.enviadaEm)).limit(100);
  const linhas = (await tx.execute<LinhaResultado>(resultadoSql(grupo, null))).rows;
  return campanhas.map((c) => ({ ...campanhaDe(c), resultado: resumo(linhas.filter((l) => l.campanha_id === c.id)) }));
}

/** One campaign with each customer it reached: the message's status, and the orders and revenue they brought back. */
export async function detalharCampanha(tx: Transaction, grupo: string, id: string) {
  const [c] = await tx.select().from(recuperadorCampanha).where(and(eq(recuperadorCampanha.grupoEmpresarialId, grupo), eq(recuperadorCampanha.id, id)));
  if (!c) throw new HttpError(404, 'Campanha não encontrada.');
  const linhas = (await tx.execute<LinhaResultado>(resultadoSql(grupo, sql`${id}`))).rows;
  return {
    ...campanhaDe(c),
    resultado: resumo(linhas),
    clientes: linhas.map((l) => ({ cliente: l.cliente_id, nome: l.nome, numero: l.numero, pedidosAntes: l.pedidos_antes, ultimoPedidoEm: new Date(l.ultimo_pedido_em).toISOString(), mensagem: l.mensagem, pedidos: l.pedidos, receita: Number(l.receita), comCupom: l.com_cupom })),
  };
}
