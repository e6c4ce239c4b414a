import { somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import { aprovarPedidoCompra, criarPedidoCompra, enviarPedidoCompra, receberPedidoCompra } from '../stock/pedidoCompra.ts';

/**
 * Purchase orders of the demonstration (estoquePedidoCompra), to the group's first store from the
 * suppliers the NF-e demo brought (run after it): one received in part; then the store's approval limit
 * (R$ 1.000,00) is set, so the cheese order went through approval and another waits for it; one draft.
 * No e-mail goes to the suppliers: with SMTP_URL set, a demo must not write to real addresses. Once:
 * nothing is added when the store already has orders.
 */
export async function prepararPedidosCompraDemo(db: Database, s: SessaoRequest, hoje: string): Promise<void> {
  const [loja] = (await withTenant(db, s, (tx) => tx.execute<{ id: string }>(sql`select id from empresa where lixo = false order by created_at, id limit 1`))).rows;
  if (!loja) return;
  const sessao = { ...s, empresa: loja.id };
  await withTenant(db, sessao, async (tx) => {
    const autor = { grupoEmpresarial: s.grupoEmpresarial, empresa: loja.id, usuario: s.usuario };
    const ja = await tx.execute(sql`select 1 from estoque_pedido_compra where grupo_empresarial_id = ${s.grupoEmpresarial} and empresa_id = ${loja.id} limit 1`);
    if (ja.rows.length) return;
    const registros = (
      await tx.execute<{ id: string; recurso: string; nome: string | null }>(sql`
        select id, recurso, coalesce(dados->>'nome', dados->>'descricao') as nome from registro where grupo_empresarial_id = ${s.grupoEmpresarial} and lixo = false
          and (recurso in ('pessoa', 'produtoGeral') or (recurso = 'estoqueCadastro' and empresa_id = ${loja.id})) order by created_at`)
    ).rows;
    const achar = (recurso: string, nome: string) => registros.find((r) => r.recurso === recurso && r.nome === nome)?.id;
    const graos = achar('pessoa', 'Distribuidora Grãos do Vale Ltda');
    const laticinios = achar('pessoa', 'Laticínios Serra Azul S.A.');
    const [arroz, feijao, oleo, queijo] = ['Arroz agulhinha', 'Feijão carioca', 'Óleo de soja', 'Queijo muçarela'].map((d) => achar('produtoGeral', d));
    const local = registros.find((r) => r.recurso === 'estoqueCadastro')?.id;
    if (!graos || !laticinios || !arroz || !feijao || !oleo || !queijo || !local) return;
    // Rice in 5 KG bags and oil in boxes of 20 × 900 ML (18 LT), as the distributor's note sells them.
    const graosPedido = await criarPedidoCompra(tx, autor, {
      fornecedor: graos,
      previsaoEntrega: somarDias(hoje, -1),
      observacao: 'Entregar pela manhã, doca dos fundos.',
      itens: [
        { produto: arroz, unidade: 'PCT', fator: '5', quantidade: '10', precoUnitario: '2845' },
        { produto: feijao, unidade: 'KG', fator: '1', quantidade: '25', precoUnitario: '829' },
        { produto: oleo, unidade: 'CX', fator: '18', quantidade: '2', precoUnitario: '14990' },
      ],
    });
    const enviado = await enviarPedidoCompra(tx, autor, graosPedido._id);
    // Half the rice came, at a cent more per bag; the beans all came; the oil is still due.
    await receberPedidoCompra(tx, autor, enviado._id, {
      version: enviado.version,
      local,
      ocorridoEm: null,
      observacao: 'O fornecedor entrega o restante do arroz e o óleo na próxima rota.',
      itens: [
        { linha: 0, quantidade: '5', precoUnitario: '2846' },
        { linha: 1, quantidade: '25', precoUnitario: null },
      ],
    });
    // Orders above R$ 1.000,00 wait for a manager (Empresa → Configurações → Estoque).
    await tx.execute(sql`
      update registro set dados = jsonb_set(dados, '{configuracoes}', coalesce(dados->'configuracoes', '{}'::jsonb)
          || jsonb_build_object('estoque', coalesce(dados->'configuracoes'->'estoque', '{}'::jsonb) || '{"limiteAprovacaoPedidoCompra": 100000}'::jsonb)),
        version = version + 1
      where grupo_empresarial_id = ${s.grupoEmpresarial} and recurso = 'empresa' and id = ${loja.id}`);
    const queijoPedido = await criarPedidoCompra(tx, autor, { fornecedor: laticinios, previsaoEntrega: somarDias(hoje, 2), observacao: null, itens: [{ produto: queijo, unidade: 'KG', fator: '1', quantidade: '25', precoUnitario: '4190' }] });
    await enviarPedidoCompra(tx, autor, queijoPedido._id);
    await aprovarPedidoCompra(tx, autor, queijoPedido._id);
    await enviarPedidoCompra(
      tx,
      autor,
      (
        await criarPedidoCompra(tx, autor, {
          fornecedor: graos,
          previsaoEntrega: somarDias(hoje, 4),
          observacao: 'Compra do mês: aguarda o gerente.',
          itens: [
            { produto: arroz, unidade: 'PCT', fator: '5', quantidade: '20', precoUnitario: '2890' },
            { produto: oleo, unidade: 'CX', fator: '18', quantidade: '4', precoUnitario: '14990' },
          ],
        })
      )._id,
    );
    await criarPedidoCompra(tx, autor, { fornecedor: graos, previsaoEntrega: somarDias(hoje, 7), observacao: 'Conferir preço do arroz antes de enviar.', itens: [{ produto: arroz, unidade: 'PCT', fator: '5', quantidade: '8', precoUnitario: '2890' }] });
  });
}
