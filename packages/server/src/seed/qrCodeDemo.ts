import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { qrChamada, qrPedido, registro } from '../db/schema/index.ts';
import { withTenant } from '../db/tenant.ts';
import { pessoaDoDestino } from '../integrations/otp/clienteSessao.ts';
import { cardapioDaMesa } from '../integrations/qrCode/cardapioDaMesa.ts';
import { criarMesa, lerConfig, lerMesas, salvarConfig, type MesaLida } from '../integrations/qrCode/mesas.ts';
import { atenderChamada, chamarGarcom, registrarPedidoQr } from '../integrations/qrCode/pedidoQr.ts';
import type { SessaoRequest } from '../session/requireSession.ts';
import type { CatalogoDemo } from './catalogoDemo.ts';

/** Twelve tables: eight in the dining room, four on the terrace. */
const MESAS = Array.from({ length: 12 }, (_, i) => ({ numero: i + 1, nome: `Mesa ${i + 1}`, area: i < 8 ? 'Salão' : 'Varanda', ativo: true }));
/**
 * [minutes ago, table, [menu item index, quantity, note][], the guest signed in with a code (e-mail, name) or null]:
 * today's last minutes of QR orders.
 */
const PEDIDOS: readonly [number, number, [number, number, string | null][], [string, string] | null][] = [
  [48, 3, [[0, 2, null], [5, 2, null]], null],
  [31, 9, [[2, 1, 'sem cebola'], [6, 1, null], [9, 3, 'bem gelado']], ['juliana.costa@exemplo.com.br', 'Juliana Costa']],
  [17, 5, [[1, 1, null], [4, 2, null]], null],
  [6, 11, [[3, 2, 'ao ponto'], [8, 2, null]], ['rafael.moura@exemplo.com.br', 'Rafael Moura']],
];

/**
 * QR code ordering in every store: the house menu with a 10 % service fee, twelve tables with their tokens,
 * and in each store a few orders of the last hour (through the same recording as the public page, so they
 * are on the kitchen board) and two waiter calls, one answered. Once a day: the orders' ids carry the date.
 */
export async function prepararQrCodeDemo(db: Database, s: SessaoRequest, catalogo: CatalogoDemo, agora: number, hoje: string): Promise<void> {
  for (const loja of catalogo.lojas) {
    const naLoja = { ...s, empresa: loja.empresa };
    await withTenant(db, naLoja, async (tx) => {
      const [cardapio] = await tx
        .select({ id: registro.id })
        .from(registro)
        .where(and(eq(registro.grupoEmpresarialId, s.grupoEmpresarial), eq(registro.recurso, 'cardapio'), eq(registro.empresaId, loja.empresa), eq(registro.lixo, false), sql`${registro.dados}->>'descricao' = 'Cardápio da casa'`))
        .limit(1);
      if (!cardapio) return;
      if (!(await lerConfig(tx, naLoja))) await salvarConfig(tx, naLoja, { cardapio: cardapio.id, tabelaVenda: null, taxaServico: '10.00', ativo: true }, null);
      let mesas: MesaLida[] = await lerMesas(tx, naLoja);
      if (!mesas.length) for (const m of MESAS) mesas.push(await criarMesa(tx, naLoja, m));
      mesas = await lerMesas(tx, naLoja);
      const publica = (numero: number) => {
        const m = mesas.find((x) => x.numero === numero)!;
        return { grupoEmpresarial: s.grupoEmpresarial, empresa: loja.empresa, mesa: m._id, numero: m.numero, nome: m.nome, area: m.area, mesaAtiva: m.ativo };
      };
      const [jaFeito] = await tx.select({ id: qrPedido.id }).from(qrPedido).where(and(eq(qrPedido.grupoEmpresarialId, s.grupoEmpresarial), eq(qrPedido.empresaId, loja.empresa), sql`${qrPedido.clienteId} like ${`demo-${hoje}-%`}`)).limit(1);
      if (jaFeito) return;
      // What a guest could order now: available, no required choice.
      const menu = (await cardapioDaMesa(tx, publica(1))).secoes.flatMap((sec) => sec.itens).filter((i) => i.disponivel && i.complementos.every((g) => g.minimo === 0));
      if (!menu.length) return;
      for (const [n, [minutos, numero, itens, convidado]] of PEDIDOS.entries()) {
        const linhas = itens.map(([indice, quantidade, observacao]) => ({ produto: menu[indice % menu.length]!.produto, quantidade, complementos: [], observacao }));
        // The same product twice in one order would be one line with the sum.
        const unicas = linhas.filter((l, i) => linhas.findIndex((x) => x.produto === l.produto) === i);
        // A signed-in guest is the customer found or created by their e-mail, as the page's sign-in does.
        const pessoa = convidado ? await pessoaDoDestino(tx, s.grupoEmpresarial, loja.empresa, convidado[0], convidado[1]) : null;
        await registrarPedidoQr(tx, publica(numero), { id: `demo-${hoje}-${n + 1}`, itens: unicas }, new Date(agora - minutos * 60_000), pessoa && { pessoa: pessoa.id, nome: pessoa.nome });
      }
      const atendida = await chamarGarcom(tx, publica(7), new Date(agora - 25 * 60_000));
      await atenderChamada(tx, naLoja, atendida._id, s.usuario);
      await tx.update(qrChamada).set({ atendidaEm: new Date(agora - 23 * 60_000) }).where(and(eq(qrChamada.grupoEmpresarialId, s.grupoEmpresarial), eq(qrChamada.id, atendida._id)));
      await chamarGarcom(tx, publica(5), new Date(agora - 3 * 60_000));
    });
  }
}
