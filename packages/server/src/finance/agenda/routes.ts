import { anexoSchema, baixaSchema, baixaVariasSchema, edicaoTituloSchema, filtroAgendaSchema, motivoSchema, rotulosCampoAgenda, TAMANHO_MAXIMO_ANEXO, tituloSchema } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sessaoDe } from '../../session/requireSession.ts';
import { rotasDaTela } from '../rotas.ts';
import { anexar, desanexar } from './anexos.ts';
import { baixarParcela, baixarVarias, estornarBaixa } from './baixas.ts';
import { editarTitulo } from './edicao.ts';
import { listarAgenda } from './lista.ts';
import { cancelarTitulo, criarTitulos, lerTitulo } from './titulos.ts';

const param = (req: { params: unknown }, nome: string) => (req.params as Record<string, string>)[nome]!;

/** financeiroAgenda (issue 14): payables and receivables of the active company, their installments, settlements and attachments. */
export async function financeiroAgendaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { rota, rotaLivre, ler } = rotasDaTela(app, ctx, 'financeiroAgenda', rotulosCampoAgenda);

  rota('post', '/api/financeiroAgenda', 'criar', 'Cria um título a pagar ou a receber com suas parcelas (o valor dividido ao centavo, a sobra na primeira) e, com recorrência, as próximas ocorrências; responde os títulos criados', tituloSchema, 201, (tx, a, req) =>
    criarTitulos(tx, a, ler(tituloSchema, req.body)),
  );
  rota('post', '/api/financeiroAgenda/lista', 'ver', 'Parcelas da empresa ativa por vencimento (tipo, situação, período, pessoa, plano de contas, busca) com os totais do filtro', filtroAgendaSchema, 200, (tx, a, req) =>
    listarAgenda(tx, a, ler(filtroAgendaSchema, req.body)),
  );
  rota('get', '/api/financeiroAgenda/:id', 'ver', 'Um título com parcelas, baixas e anexos', undefined, 200, (tx, a, req) => lerTitulo(tx, a, param(req, 'id')));
  rota('put', '/api/financeiroAgenda/:id', 'editar', 'Edita um título: descrição, documento, pessoa, plano de contas e, das parcelas sem baixa, vencimento e valor; parcelas sem _id são acrescentadas e as não enviadas removidas (só as que nunca tiveram baixa); com `total`, as parcelas devem somá-lo (400); parcela com baixa ou título cancelado: 409', edicaoTituloSchema, 200, (tx, a, req) =>
    editarTitulo(tx, a, param(req, 'id'), ler(edicaoTituloSchema, req.body)),
  );
  rota('post', '/api/financeiroAgenda/baixarVarias', 'editar', 'Baixa várias parcelas de um só tipo, cada uma pelo valor em aberto com os juros, a multa e o desconto dela (encargos), de uma conta numa data, numa transação: uma recusa não grava nada; responde quantas e o total', baixaVariasSchema, 201, (tx, a, req) =>
    baixarVarias(tx, a, ler(baixaVariasSchema, req.body)),
  );
  rota('post', '/api/financeiroAgenda/:id/cancelar', 'editar', 'Cancela um título sem baixas (com baixas: 409)', motivoSchema, 200, (tx, a, req) =>
    cancelarTitulo(tx, a, param(req, 'id'), ler(motivoSchema, req.body).motivo),
  );
  rota('post', '/api/financeiroAgenda/parcelas/:id/baixar', 'editar', 'Baixa (total ou parcial) de uma parcela com juros, multa e desconto em centavos: lança na conta financeira na mesma transação; responde o título', baixaSchema, 201, (tx, a, req) =>
    baixarParcela(tx, a, param(req, 'id'), ler(baixaSchema, req.body)),
  );
  rota('post', '/api/financeiroAgenda/baixas/:id/estornar', 'editar', 'Estorna uma baixa: lançamentos opostos na data dela e a parcela reaberta; estornar de novo é 409', motivoSchema, 200, (tx, a, req) =>
    estornarBaixa(tx, a, param(req, 'id'), ler(motivoSchema, req.body).motivo),
  );
  rotaLivre(
    'post',
    '/api/financeiroAgenda/:id/anexos',
    'editar',
    'Anexa um arquivo ao título (PDF, PNG, JPEG ou XML até 5 MB, conteúdo em base64); baixe-o por GET /api/arquivo/{id}',
    anexoSchema,
    201,
    (req) => anexar(ctx, sessaoDe(req), param(req, 'id'), ler(anexoSchema, req.body)),
    { bodyLimit: Math.ceil((TAMANHO_MAXIMO_ANEXO * 4) / 3) + 4096 },
  );
  rota('delete', '/api/financeiroAgenda/:id/anexos/:arquivo', 'editar', 'Retira um anexo do título', undefined, 200, (tx, a, req) => desanexar(tx, a, param(req, 'id'), param(req, 'arquivo')));
}
