import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { naTransacaoDaSessao, registrarRotaDaTela } from '../../resources/rotaDaTela.ts';
import { lerOuRecusar } from '../../resources/validacao.ts';
import { clientesParados, detalharCampanha, enviarCampanha, listarCampanhas } from './recuperador.ts';

const tela = 'recuperadorDeVenda';
const tag = 'WhatsApp';
const inteiro = (rotulo: string, min: number, max: number) =>
  z.number({ error: `Informe ${rotulo}.` }).int(`Informe ${rotulo} com um número inteiro.`).min(min, `No mínimo ${min}.`).max(max, `No máximo ${max}.`);
const criteriosSchema = z.object({ diasSemPedido: inteiro('os dias sem pedido', 7, 730), minimoPedidos: inteiro('o mínimo de pedidos', 1, 1000) });
const campanhaSchema = criteriosSchema.extend({
  nome: z.string({ error: 'Informe o nome.' }).trim().min(1, 'Informe o nome.').max(80, 'No máximo 80 caracteres.'),
  janelaDias: inteiro('a duração da campanha', 1, 90),
  cupom: z.string({ error: 'Escolha o cupom.' }).min(1, 'Escolha o cupom.'),
  mensagem: z.string({ error: 'Escreva a mensagem.' }).trim().min(1, 'Escreva a mensagem.').max(1000, 'No máximo 1.000 caracteres.'),
  modeloNome: z.string().trim().max(512, 'No máximo 512 caracteres.').regex(/^[a-z0-9_]*$/, 'Use o nome do modelo como a Meta o mostra (letras minúsculas, números e _).').default(''),
  modeloIdioma: z.string().trim().max(15, 'No máximo 15 caracteres.').default(''),
  parametrosModelo: z.string().trim().max(500, 'No máximo 500 caracteres.').default(''),
});
const rotulos: Record<string, string> = { diasSemPedido: 'Dias sem pedido', minimoPedidos: 'Mínimo de pedidos', nome: 'Nome', janelaDias: 'Duração (dias)', cupom: 'Cupom', mensagem: 'Mensagem', modeloNome: 'Modelo aprovado', modeloIdioma: 'Idioma do modelo', parametrosModelo: 'Parâmetros do modelo' };
const rotulo = (c: string) => rotulos[c] ?? c;

/** recuperadorDeVenda's routes: who stopped ordering, sending a campaign, and the campaigns with their results. */
export async function recuperadorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registrarRotaDaTela(app, ctx, { metodo: 'post', url: '/api/recuperadorDeVenda/clientes', telas: [tela], acao: 'ver', tag, summary: 'Clientes com pelo menos M pedidos e nenhum nos últimos N dias', body: criteriosSchema }, async (request) => {
    const c = lerOuRecusar(criteriosSchema, request.body, rotulo, { padrao: 'diasSemPedido' });
    return naTransacaoDaSessao(ctx, request, async (tx, a) => {
      const clientes = await clientesParados(tx, a.grupoEmpresarial, c);
      return { clientes, comTelefone: clientes.filter((x) => x.numero).length };
    });
  });
  registrarRotaDaTela(app, ctx, { metodo: 'post', url: '/api/recuperadorDeVenda/campanhas', telas: [tela], acao: 'criar', tag, status: 201, summary: 'Envia a campanha com o cupom, pelo robô, aos clientes parados com telefone (tudo numa transação)', body: campanhaSchema }, async (request) => {
    const n = lerOuRecusar(campanhaSchema, request.body, rotulo, { padrao: 'nome' });
    // Its messages leave at the commit (enviarMensagemWhatsApp).
    const r = await naTransacaoDaSessao(ctx, request, (tx, a) => enviarCampanha(tx, a, n));
    return { _id: r._id, alcancados: r.alcancados };
  });
  registrarRotaDaTela(app, ctx, { metodo: 'get', url: '/api/recuperadorDeVenda/campanhas', telas: [tela], acao: 'ver', tag, summary: 'Campanhas, a mais recente primeiro, com quem voltou e a receita recuperada (centavos)' }, (request) =>
    naTransacaoDaSessao(ctx, request, (tx, a) => listarCampanhas(tx, a.grupoEmpresarial)),
  );
  registrarRotaDaTela(app, ctx, { metodo: 'get', url: '/api/recuperadorDeVenda/campanhas/:_id', telas: [tela], acao: 'ver', tag, summary: 'Uma campanha e cada cliente alcançado: a mensagem, os pedidos e a receita na janela' }, (request) =>
    naTransacaoDaSessao(ctx, request, (tx, a) => detalharCampanha(tx, a.grupoEmpresarial, (request.params as { _id: string })._id)),
  );
}
