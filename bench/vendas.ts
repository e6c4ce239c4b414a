// Sales ingestion through the HTTP API, as terminals send them: new orders per second and the same
// orders sent again (idempotent answers), with several terminals at once. The floor is 300/s,
// with stock lowered in the sale's transaction: two products straight, two by recipe (one with a sub-recipe).
import { Agent, request } from 'node:http';
import { montarChaveAcesso } from '@retaguarda/domain';
import { startServer } from '../e2e/support/server.ts';
import { cpuMs, filhosDe, processosPostgres } from './cpu.ts';
import { entrarComoAdmin } from './entrar.ts';

export const CONCORRENCIA = 8;
const PEDIDOS = 1200;

export async function benchVendas(databaseUrl?: string) {
  // On PostgreSQL the demonstration group is created only when asked (the database must be empty).
  const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: '1' } : {});
  try {
    const cookie = await entrarComoAdmin(server.url);
    const api = async (url: string, body: unknown) => {
      const res = await fetch(`${server.url}/api${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as { data: { _id: string; token: string } };
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const un = await api('/unidadeMedida', { sigla: 'UN', descricao: 'Unidade' });
    const produtos = await Promise.all(['Xis salada', 'Refrigerante lata', 'Batata frita', 'Pastel'].map((descricao) => api('/produtoGeral', { descricao, unidade: un._id, ncm: '21069090' })));
    // Stock leaves with each sale: two of the four products are stock-controlled, taken from the bar.
    await api('/estoqueCadastro', { descricao: 'Bar', baixaVendas: true });
    for (const p of [produtos[1]!, produtos[2]!]) await api('/produtoGeralEmpresa', { produtoGeral: p._id, preco: 1000, controlaEstoque: true });
    // The other two lower their recipes (issue 12): the xis its bread, cheese and a blend that is a sub-recipe
    // of beef and salt; the pastel its dough and filling. Every order then posts 5 to 8 ledger rows.
    const kg = await api('/unidadeMedida', { sigla: 'KG', descricao: 'Quilograma', fracionado: true });
    const [pao, queijo, carne, sal, massa, recheio, blend] = await Promise.all(
      ['Pão de hambúrguer', 'Queijo prato', 'Carne moída', 'Sal', 'Massa de pastel', 'Recheio de carne', 'Blend 150 g'].map((descricao, i) => api('/produtoGeral', { descricao, unidade: i === 0 ? un._id : kg._id, ncm: '21069090' })),
    );
    await api('/estoqueFichaTecnica', { produto: blend!._id, rendimento: '3', itens: [{ produto: carne!._id, quantidade: '0.45' }, { produto: sal!._id, quantidade: '0.005' }] });
    await api('/estoqueFichaTecnica', { produto: produtos[0]!._id, itens: [{ produto: pao!._id, quantidade: '1' }, { produto: blend!._id, quantidade: '1' }, { produto: queijo!._id, quantidade: '0.02', perda: '10' }] });
    await api('/estoqueFichaTecnica', { produto: produtos[3]!._id, itens: [{ produto: massa!._id, quantidade: '0.08' }, { produto: recheio!._id, quantidade: '0.06' }] });
    const dinheiro = await api('/formaPagamento', { descricao: 'Dinheiro', tipo: 'Dinheiro', permiteTroco: true });
    const pix = await api('/formaPagamento', { descricao: 'PIX', tipo: 'PIX' });
    // One terminal per sender, as in a store: each terminal sends its orders one after the other.
    const tokens: string[] = [];
    for (let k = 0; k < CONCORRENCIA; k++) {
      const terminal = await api('/terminal', { descricao: `PDV bench ${k + 1}`, tipo: 'PDV' });
      tokens.push((await api(`/terminal/${terminal._id}/credencial`, {})).token);
    }

    // Each order carries its NFC-e, as a store's does: the key is checked (digit, store's CNPJ) on every order.
    const sessao = (await (await fetch(`${server.url}/api/sessao`, { headers: { cookie } })).json()) as { data: { empresa: { _id: string } } };
    const loja = (await (await fetch(`${server.url}/api/empresa/${sessao.data.empresa._id}`, { headers: { cookie } })).json()) as { data: { cnpj: string } };
    const nfce = (i: number) => ({
      modelo: '65',
      chave: montarChaveAcesso({ cUF: 35, anoMes: '2611', emitente: loja.data.cnpj, modelo: '65', serie: 1, numero: i + 1, tpEmis: '1', codigo: i }),
      numero: i + 1,
      serie: 1,
      status: 'autorizada',
    });
    const pedido = (i: number) => {
      const itens = [
        { produto: produtos[i % 4]!._id, quantidade: '2', precoUnitario: 2590 },
        { produto: produtos[(i + 1) % 4]!._id, quantidade: '1', precoUnitario: 700, modificadores: [{ descricao: 'Gelo e limão', quantidade: '1', precoUnitario: 0 }] },
      ];
      const total = 2 * 2590 + 700;
      return {
        pedidoId: `BENCH-${i}`,
        canal: i % 3 ? 'Balcão' : 'Delivery',
        abertoEm: '2026-11-20T12:00:00-03:00',
        fechadoEm: '2026-11-20T12:20:00-03:00',
        itens,
        pagamentos: [i % 2 ? { formaPagamento: dinheiro._id, tPag: '01', valor: 6000, troco: 6000 - total } : { formaPagamento: pix._id, tPag: '17', valor: total }],
        total,
        documentoFiscal: nfce(i),
      };
    };
    // A terminal keeps its connection open; node:http costs the sender a third of what fetch does, and
    // the sender shares these two cores with the server and PostgreSQL.
    const agente = new Agent({ keepAlive: true, maxSockets: CONCORRENCIA });
    const { hostname, port } = new URL(server.url);
    const postar = (token: string, corpo: string) =>
      new Promise<{ status: number; json: { data: { duplicado?: boolean } } }>((done, fail) => {
        const req = request(
          { agent: agente, hostname, port, path: '/api/vendas', method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(corpo) } },
          (res) => {
            const partes: Buffer[] = [];
            res.on('data', (p: Buffer) => partes.push(p));
            res.on('end', () => done({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(partes).toString()) }));
            res.on('error', fail);
          },
        );
        req.on('error', fail);
        req.end(corpo);
      });
    const enviar = async (de: number, ate: number) => {
      let erros = 0;
      let duplicados = 0;
      // PostgreSQL's backends come and go with the pool: counted by their total, read before and after.
      // The embedded database runs in a child process of the server: its CPU is the database's too.
      const postgres = databaseUrl ? await processosPostgres(databaseUrl) : filhosDe(server.pid);
      const cpuServidor = cpuMs([server.pid]);
      const cpuPostgres = cpuMs(postgres);
      const cpuRemetente = process.cpuUsage();
      const inicio = performance.now();
      await Promise.all(
        // Order i always comes from terminal i mod CONCORRENCIA, so the second pass repeats each order from its own terminal.
        tokens.map(async (token, k) => {
          for (let i = de + k; i < ate; i += CONCORRENCIA) {
            const { status, json } = await postar(token, JSON.stringify(pedido(i)));
            if (status >= 300) erros++;
            if (json.data.duplicado) duplicados++;
          }
        }),
      );
      const pedidos = ate - de;
      return {
        porSegundo: (pedidos * 1000) / (performance.now() - inicio),
        erros,
        duplicados,
        /** CPU milliseconds per order: the Node server, and the database (PostgreSQL's processes, or the embedded database's child process). */
        cpuServidor: (cpuMs([server.pid]) - cpuServidor) / pedidos,
        cpuPostgres: (cpuMs(postgres) - cpuPostgres) / pedidos,
        /** CPU milliseconds per order of this process, the terminals' side (it shares the cores). */
        cpuRemetente: (() => {
          const u = process.cpuUsage(cpuRemetente);
          return (u.user + u.system) / 1000 / pedidos;
        })(),
      };
    };
    await enviar(0, 100); // warm-up (JIT, first plans)
    const novos = await enviar(100, 100 + PEDIDOS);
    const repetidos = await enviar(100, 100 + PEDIDOS);
    agente.destroy();
    return { novos, repetidos, pedidos: PEDIDOS };
  } finally {
    await server.stop();
  }
}
