import { conferirModelo, conferirParametrosModelo, eventosPedido, lerParametrosModelo, preencherMensagem, repasseDoPedido, VARIAVEIS_MENSAGEM_AUTOMATICA, type PedidoDelivery } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../plugins/envelope.ts';
import { naTransacaoDaSessao, registrarRotaDaTela } from '../../resources/rotaDaTela.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { modeloParaEnvio } from '../whatsapp/modelos.ts';
import { nomeDaLoja, valoresDoEvento } from './notificar.ts';

const previaSchema = z.object({
  evento: z.enum(eventosPedido, { error: 'Escolha o evento do pedido.' }),
  mensagem: z.string({ error: 'Escreva a mensagem.' }).trim().min(1, 'Escreva a mensagem.').max(1000, 'No máximo 1.000 caracteres.'),
  minutosPrevisao: z.number().int().min(0).max(600).default(45),
  modeloNome: z.string().trim().max(512).optional().default(''),
  modeloIdioma: z.string().trim().max(15).optional().default(''),
  parametrosModelo: z.string().trim().max(500).optional().default(''),
});
const rotulo = (c: string) => ({ evento: 'Evento', mensagem: 'Mensagem', minutosPrevisao: 'Previsão (minutos)', modeloNome: 'Modelo aprovado', parametrosModelo: 'Parâmetros do modelo' })[c] ?? c;

interface PedidoRecente {
  origem: string;
  pedido: string;
  nome: string | null;
  total: number;
  itens: string;
  em: Date;
}

/** The company's latest order: a marketplace's, or a sale of the terminals (with its customer's name), whichever is newer. */
async function pedidoRecente(tx: Parameters<Parameters<typeof naTransacaoDaSessao>[2]>[0], grupo: string, empresa: string): Promise<PedidoRecente | null> {
  const [d] = (
    await tx.execute<{ codigo: string; cliente: string | null; pedido: PedidoDelivery; criado_em: string }>(sql`
      select codigo, cliente, pedido, criado_em::text from delivery_pedido where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} order by criado_em desc limit 1`)
  ).rows;
  const [v] = (
    await tx.execute<{ pedido_id: string; total: number; fechado_em: string; nome: string | null; itens: string | null }>(sql`
      select v.pedido_id, v.total, v.fechado_em::text, p.dados->>'nome' nome,
        (select string_agg(case when i.quantidade = 1 then '' else trim(trailing '.' from trim(trailing '0' from i.quantidade::text)) || 'x ' end || coalesce(r.dados->>'descricao', 'item'), ', ' order by i.seq)
           from venda_item i left join registro r on r.grupo_empresarial_id = i.grupo_empresarial_id and r.id = i.produto_id
           where i.grupo_empresarial_id = v.grupo_empresarial_id and i.venda_id = v.id and not i.cancelado) itens
      from venda v left join registro p on p.grupo_empresarial_id = v.grupo_empresarial_id and p.id = v.cliente_id
      where v.grupo_empresarial_id = ${grupo} and v.empresa_id = ${empresa} and not v.cancelada order by v.fechado_em desc limit 1`)
  ).rows;
  const deDelivery: PedidoRecente | null = d
    ? {
        origem: 'delivery',
        pedido: `#${d.codigo}`,
        nome: d.cliente,
        total: repasseDoPedido(d.pedido).bruto - d.pedido.descontoLoja - d.pedido.subsidio,
        itens: d.pedido.itens.map((i) => `${Number(i.quantidade) === 1 ? '' : `${Number(i.quantidade)}x `}${i.nome}`).join(', '),
        em: new Date(d.criado_em),
      }
    : null;
  const deVenda: PedidoRecente | null = v ? { origem: 'venda', pedido: v.pedido_id, nome: v.nome, total: Number(v.total), itens: v.itens ?? '', em: new Date(v.fechado_em) } : null;
  if (!deDelivery) return deVenda;
  if (!deVenda) return deDelivery;
  return deDelivery.em >= deVenda.em ? deDelivery : deVenda;
}

/** mensagemAutomatica's preview: the message as the customer of the company's latest order would read it. */
export async function mensagemAutomaticaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registrarRotaDaTela(
    app,
    ctx,
    { metodo: 'post', url: '/api/mensagemAutomatica/previa', telas: ['mensagemAutomatica'], acao: 'ver', tag: 'WhatsApp', summary: 'Prévia da mensagem com o pedido mais recente da empresa (variável desconhecida: 400 nomeando-a)', body: previaSchema },
    async (request) => {
      const b = lerOuRecusar(previaSchema, request.body, rotulo, { padrao: 'mensagem' });
      const erro = conferirModelo(b.mensagem, VARIAVEIS_MENSAGEM_AUTOMATICA);
      if (erro) throw new HttpError(400, `Mensagem: ${erro}`, {}, { mensagem: erro });
      const erroParametros = conferirParametrosModelo(b.parametrosModelo, VARIAVEIS_MENSAGEM_AUTOMATICA);
      if (erroParametros) throw new HttpError(400, `Parâmetros do modelo: ${erroParametros}`, {}, { parametrosModelo: erroParametros });
      return naTransacaoDaSessao(ctx, request, async (tx, a) => {
        const p = await pedidoRecente(tx, a.grupoEmpresarial, a.empresa);
        if (!p) throw new HttpError(409, 'Ainda não há pedidos nesta empresa para montar a prévia.');
        const valores = valoresDoEvento({ evento: b.evento, nome: p.nome, pedido: p.pedido, total: p.total, itens: p.itens, em: p.em }, await nomeDaLoja(tx, a.grupoEmpresarial, a.empresa), b.minutosPrevisao);
        // The template as it would go outside the 24 hours: approved, with as many parameters as its {{n}}.
        const modelo = b.modeloNome ? await modeloParaEnvio(tx, a.grupoEmpresarial, b.modeloNome, b.modeloIdioma, lerParametrosModelo(b.parametrosModelo).map((v) => preencherMensagem(v, valores))) : null;
        return { texto: preencherMensagem(b.mensagem, valores), modelo: modelo ? { nome: modelo.nome, idioma: modelo.idioma, texto: modelo.corpo ?? '' } : null, pedido: { origem: p.origem, numero: p.pedido, cliente: p.nome, total: p.total, em: p.em.toISOString() } };
      });
    },
  );
}
