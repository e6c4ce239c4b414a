import { lerParametrosModelo, numeroWhatsApp, preencherMensagem, reais, repasseDoPedido, telefoneParaMensagem, type EventoPedido, type PedidoDelivery } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conexaoDoGrupo } from '../whatsapp/conexao.ts';
import type { MensagemNaFila } from '../whatsapp/fila.ts';
import { enviarTextoOuModelo } from '../whatsapp/textoOuModelo.ts';

/** What an order event tells its automatic message. */
export interface EventoDoPedido {
  grupoEmpresarial: string;
  empresa: string;
  evento: EventoPedido;
  /** The order's own key (e.g. 'delivery:<id>', 'venda:<id>'): each event of an order sends once. */
  chave: string;
  telefone: string | null | undefined;
  nome: string | null;
  /** The number the customer knows (#4821). */
  pedido: string;
  total: number | null;
  itens: string;
  em: Date;
}

interface Modelo {
  mensagem: string;
  minutosPrevisao: number;
  /** The approved template for outside the 24-hour window, and the variables of its {{1}}, {{2}}… */
  modeloNome?: string;
  modeloIdioma?: string;
  parametrosModelo?: string;
}

/** The group's active message for the event, if any. */
export async function modeloDoEvento(tx: Executor, grupo: string, evento: EventoPedido): Promise<Modelo | null> {
  const [m] = (
    await tx.execute<{ dados: Modelo }>(sql`
      select dados from registro where grupo_empresarial_id = ${grupo} and recurso = 'mensagemAutomatica' and not lixo
        and dados->>'evento' = ${evento} and coalesce((dados->>'ativo')::boolean, true)
      order by updated_at desc limit 1`)
  ).rows;
  return m ? m.dados : null;
}

const horaSP = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }).format(d);

/** The template's values for an order event ({status} in lower case, as a sentence reads it). */
export function valoresDoEvento(e: Omit<EventoDoPedido, 'grupoEmpresarial' | 'empresa' | 'chave' | 'telefone'>, loja: string, minutosPrevisao: number): Record<string, string> {
  return {
    nome: (e.nome ?? '').trim().split(/\s+/)[0] || 'cliente',
    pedido: e.pedido,
    status: e.evento.toLowerCase(),
    previsao: horaSP(new Date(e.em.getTime() + minutosPrevisao * 60_000)),
    loja,
    total: e.total === null ? '' : reais(e.total),
    itens: e.itens,
  };
}

export async function nomeDaLoja(tx: Executor, grupo: string, empresa: string): Promise<string> {
  const [l] = (await tx.execute<{ nome: string }>(sql`select coalesce(nullif(nome_fantasia, ''), razao_social, '') nome from empresa where grupo_empresarial_id = ${grupo} and id = ${empresa}`)).rows;
  return l?.nome ?? '';
}

/**
 * The automatic message of an order event, enqueued in the caller's transaction (the event's): only when
 * the customer has a phone, the group an active message for the event and a connected robot; otherwise
 * nothing, and the event goes on. Once per order and event, however often the event is recorded.
 */
export async function mensagemDoEvento(tx: Executor, e: EventoDoPedido): Promise<MensagemNaFila | null> {
  const numero = e.telefone ? numeroWhatsApp(e.telefone) : null;
  if (!numero) return null;
  const modelo = await modeloDoEvento(tx, e.grupoEmpresarial, e.evento);
  if (!modelo) return null;
  const conexao = await conexaoDoGrupo(tx, e.grupoEmpresarial);
  if (!conexao?.ativo) return null;
  const valores = valoresDoEvento(e, await nomeDaLoja(tx, e.grupoEmpresarial, e.empresa), modelo.minutosPrevisao ?? 45);
  const opcoes = { origem: 'mensagemAutomatica', chave: `auto:${e.chave}:${e.evento}`, nome: e.nome, agora: e.em };
  const modeloEscolhido = modelo.modeloNome && modelo.modeloIdioma ? { nome: modelo.modeloNome, idioma: modelo.modeloIdioma, parametros: lerParametrosModelo(modelo.parametrosModelo).map((p) => preencherMensagem(p, valores)) } : null;
  return enviarTextoOuModelo(tx, e.grupoEmpresarial, numero, preencherMensagem(modelo.mensagem, valores), modeloEscolhido, { modelosDaConta: conexao.modelos, semModelo: `Escolha um modelo aprovado na mensagem automática "${e.evento}".` }, opcoes);
}

const itensDe = (itens: readonly { nome: string; quantidade: string }[]) => itens.map((i) => `${Number(i.quantidade) === 1 ? '' : `${i.quantidade.replace(/\.?0+$/, '').replace('.', ',')}x `}${i.nome}`).join(', ');

/** A marketplace order's event (delivery/pedidos.ts): the total the customer paid, its items by the marketplace's names. */
export function mensagemDoPedidoDelivery(tx: Executor, linha: { grupoEmpresarialId: string; empresaId: string; id: string; codigo: string; cliente: string | null; pedido: PedidoDelivery }, evento: EventoPedido, em = new Date()) {
  const p = linha.pedido;
  return mensagemDoEvento(tx, {
    grupoEmpresarial: linha.grupoEmpresarialId,
    empresa: linha.empresaId,
    evento,
    chave: `delivery:${linha.id}`,
    telefone: p.telefone,
    nome: linha.cliente,
    pedido: `#${linha.codigo}`,
    total: repasseDoPedido(p).bruto - p.descontoLoja - p.subsidio,
    itens: itensDe(p.itens),
    em,
  });
}

interface VendaComCliente {
  id: string;
  pedidoId: string;
  clienteId: string;
  total: number;
  fechadoEm: Date;
  itens: readonly { produto: string; quantidade: string }[];
}

/**
 * New sales from the terminals with a customer (sales/ingestao.ts, in the sale's transaction): the sale
 * closed is the order delivered ('Entregue'), sent to the customer's phone (a Celular first). Nothing is
 * read unless a sale has a customer, the group a message for the event and a connected robot.
 */
export async function mensagensDasVendas(tx: Executor, grupo: string, empresa: string, vendas: readonly VendaComCliente[]): Promise<void> {
  if (!vendas.length) return;
  if (!(await modeloDoEvento(tx, grupo, 'Entregue')) || !(await conexaoDoGrupo(tx, grupo))?.ativo) return;
  const ids = [...new Set([...vendas.map((v) => v.clienteId), ...vendas.flatMap((v) => v.itens.map((i) => i.produto))])];
  const registros = (
    await tx.execute<{ id: string; nome: string | null; telefones: unknown }>(sql`
      select id, coalesce(dados->>'descricao', dados->>'nome') nome, dados->'telefones' telefones from registro
      where grupo_empresarial_id = ${grupo} and id in ${ids} and recurso in ('pessoa', 'produtoGeral')`)
  ).rows;
  const porId = new Map(registros.map((r) => [r.id, r]));
  for (const v of vendas) {
    const cliente = porId.get(v.clienteId);
    const telefone = telefoneParaMensagem(cliente?.telefones);
    if (!telefone) continue;
    await mensagemDoEvento(tx, {
      grupoEmpresarial: grupo,
      empresa,
      evento: 'Entregue',
      chave: `venda:${v.id}`,
      telefone,
      nome: cliente?.nome ?? null,
      pedido: v.pedidoId,
      total: v.total,
      itens: itensDe(v.itens.map((i) => ({ nome: porId.get(i.produto)?.nome ?? 'item', quantidade: i.quantidade }))),
      em: v.fechadoEm,
    });
  }
}

/**
 * A QR Code order of a customer signed in on the table's page (qrCode/pedidoQr.ts, in the order's
 * transaction): 'Recebido' to the customer's phone (a Celular first), if the pessoa has one.
 */
export async function mensagemDoPedidoQr(
  tx: Executor,
  p: { grupoEmpresarial: string; empresa: string; id: string; pedido: string; pessoa: string; total: number; itens: readonly { descricao: string; quantidade: number }[]; em: Date },
): Promise<MensagemNaFila | null> {
  const [cliente] = (
    await tx.execute<{ nome: string | null; telefones: unknown }>(sql`
      select dados->>'nome' nome, dados->'telefones' telefones from registro where grupo_empresarial_id = ${p.grupoEmpresarial} and id = ${p.pessoa} and recurso = 'pessoa'`)
  ).rows;
  const telefone = telefoneParaMensagem(cliente?.telefones);
  if (!telefone) return null;
  return mensagemDoEvento(tx, {
    grupoEmpresarial: p.grupoEmpresarial,
    empresa: p.empresa,
    evento: 'Recebido',
    chave: `qr:${p.id}`,
    telefone,
    nome: cliente?.nome ?? null,
    pedido: p.pedido,
    total: p.total,
    itens: itensDe(p.itens.map((i) => ({ nome: i.descricao, quantidade: String(i.quantidade) }))),
    em: p.em,
  });
}
