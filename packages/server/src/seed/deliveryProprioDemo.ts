import { CANAL_PROPRIO, hojeNoFuso, type PedidoDelivery } from '@retaguarda/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { deliveryPedido, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { cardapioDelivery, paginaPorToken } from '../integrations/delivery/proprio.ts';
import { integracaoDaEmpresa } from '../integrations/delivery/integracao.ts';
import { avisarAndamento, receberPedido } from '../integrations/delivery/pedidos.ts';
import { pessoaDoDestino } from '../integrations/otp/clienteSessao.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { garantir, type CatalogoDemo } from './catalogoDemo.ts';

/** [minutes ago, customer's e-mail, name, lines [item of the menu by position, qty], payment, change for, address, dispatched]. */
const PEDIDOS: readonly [number, string, string, [number, number][], 'Dinheiro' | 'Cartão na entrega' | 'Pix', number | null, [string, string, string, string], boolean][] = [
  [55, 'beatriz.nogueira@exemplo.com.br', 'Beatriz Nogueira', [[0, 2], [3, 1]], 'Cartão na entrega', null, ['01311000', 'Rua Augusta', '1508', 'Consolação'], true],
  [25, 'rafael.teixeira@exemplo.com.br', 'Rafael Teixeira', [[1, 1], [2, 1]], 'Dinheiro', 10000, ['01414001', 'Rua Haddock Lobo', '595', 'Cerqueira César'], false],
  [6, 'lucia.fernandes@exemplo.com.br', 'Lúcia Fernandes', [[0, 1], [2, 2]], 'Pix', null, ['04538132', 'Avenida Brigadeiro Faria Lima', '3477', 'Itaim Bibi'], false],
];

/**
 * The first store's own delivery page (/d/<id>): 'Cardápio da casa', R$ 7,99 delivery with cheaper ranges
 * near the store (Avenida Paulista), R$ 30,00 minimum, 10:00 to 02:00, cash with change, card on delivery and
 * Pix; and three of today's orders of signed-in customers, through the page's intake (one out for delivery).
 * Once a day, like the iFood demo.
 */
export async function prepararDeliveryProprioDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo, agora: number): Promise<void> {
  const loja = catalogo.lojas[0];
  if (!loja) return;
  const naLoja = { ...s, empresa: loja.empresa };
  const hoje = hojeNoFuso(new Date(agora));
  await withTenant(db, naLoja, async (tx) => {
    const [cardapio] = await tx
      .select({ id: registro.id })
      .from(registro)
      .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'cardapio'), eq(registro.empresaId, loja.empresa), eq(registro.lixo, false), sql`${registro.dados}->>'descricao' = 'Cardápio da casa'`));
    if (!cardapio) return;
    const id = await garantir(
      tx,
      naLoja,
      'appIntegracaoDelivery',
      'descricao',
      {
        descricao: 'Delivery do site',
        provedor: CANAL_PROPRIO,
        merchantId: 'site-paulista',
        terminal: loja.terminal,
        formaPagamento: loja.formas.Dinheiro,
        aceiteAutomatico: true,
        situacaoLoja: 'Aberta',
        cardapio: cardapio.id,
        taxaEntrega: 799,
        faixasCep: [
          { cepInicial: '01300000', cepFinal: '01319999', taxa: 399 },
          { cepInicial: '01400000', cepFinal: '01429999', taxa: 599 },
        ],
        pedidoMinimo: 3000,
        abreAs: '10:00',
        fechaAs: '02:00',
        tempoEstimado: 45,
        formaDinheiro: loja.formas.Dinheiro,
        formaCartao: loja.formas.Crédito,
        formaPix: loja.formas.PIX,
      },
      loja.empresa,
    );
    const [feito] = await tx
      .select({ id: deliveryPedido.id })
      .from(deliveryPedido)
      .where(and(eq(deliveryPedido.grupoEmpresarialId, s.grupoEmpresarial), eq(deliveryPedido.integracaoId, id), eq(deliveryPedido.pedidoExterno, `${hoje}-site-1`)));
    if (feito) return;
    const pagina = await paginaPorToken(tx, id);
    const menu = (await cardapioDelivery(tx, pagina)).secoes.flatMap((sec) => sec.itens).filter((i) => i.disponivel && i.complementos.every((g) => g.minimo === 0));
    if (menu.length < 4) return;
    const integracao = await integracaoDaEmpresa(tx, naLoja, id);
    for (const [n, [minutos, email, nome, linhas, pagamento, trocoPara, [cep, logradouro, numero, bairro], saiu]] of PEDIDOS.entries()) {
      const pessoa = await pessoaDoDestino(tx, s.grupoEmpresarial, loja.empresa, email, nome);
      const itens = linhas.map(([i, q]) => ({ id: menu[i]!.produto, nome: menu[i]!.descricao, quantidade: String(q), precoUnitario: menu[i]!.preco, observacao: null }));
      const taxaEntrega = pagina.faixasCep.find((f) => f.cepInicial <= cep && cep <= f.cepFinal)?.taxa ?? pagina.taxaEntrega;
      const pedido: PedidoDelivery = {
        id: `${hoje}-site-${n + 1}`,
        codigo: String(n + 1),
        cliente: nome,
        telefone: null,
        criadoEm: new Date(agora - minutos * 60_000).toISOString(),
        itens,
        taxaEntrega,
        descontoLoja: 0,
        subsidio: 0,
        comissao: 0,
        proprio: { pessoa: pessoa.id, formaPagamento: pagina.formas[pagamento]!, pagamento, trocoPara, endereco: { cep, logradouro, numero, complemento: null, bairro, uf: 'SP', cidade: 'São Paulo', referencia: null }, tempoEstimado: pagina.tempoEstimado },
      };
      // Accepted a minute after it came, on the demonstration's clock: no sale closes after its 'now'.
      const linha = await receberPedido(tx, integracao, pedido, new Date(agora - (minutos - 1) * 60_000));
      if (linha && saiu) await avisarAndamento(tx, naLoja, linha.id, 'despachado', async () => integracao);
    }
  });
}
