// `npm run bench`: prints ratios measured in one run (the machine is shared and noisy; absolute
// numbers are only context). Needs the built web app (npm run build) and Debian's chromium.
import { createServer } from 'node:net';
import { benchIbpt } from './ibpt.ts';
import { benchLoginBundle } from './loginBundle.ts';
import { benchSessao } from './sessao.ts';
import { benchVendas, CONCORRENCIA as CONCORRENCIA_VENDAS } from './vendas.ts';
import { bancoNovo } from './banco.ts';
import { benchRecuperacao } from './recuperacao.ts';
import { mostrarVendaInsumos } from './vendaInsumos.ts';
import { executarEstoque } from './estoque.ts';
import { executarEscala, parteLeve, parteProdutos, parteRelatorios } from './escala.ts';
import { executarConciliacao } from './conciliacao.ts';
import { executarNfe } from './nfe.ts';
import { executarDre } from './dre.ts';
import { executarCustoFixo } from './custoFixo.ts';
import { executarPrevisao } from './previsao.ts';
import { executarLighthouse } from './lighthouse.ts';
import { executarSugestao } from './sugestao.ts';

// `npm run bench -- produtos|relatorios|leve [--pglite|--pg]`: only that part of issue 19's figures (bench/escala.ts).
if (['produtos', 'relatorios', 'leve'].includes(process.argv[2] ?? '')) {
  await executarEscala(process.argv.slice(2));
  process.exit(0);
}

// `npm run bench -- estoque [--movimentos N …]`: only the stock bench (its flags in bench/estoque.ts).
if (process.argv[2] === 'estoque') {
  await executarEstoque(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- sugestao [--lojas 10] [--insumos 2000] [--linhas 2000]`: only the order suggestion bench (bench/sugestao.ts).
if (process.argv[2] === 'sugestao') {
  await executarSugestao(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- nfe`: only the supplier NF-e entry bench (bench/nfe.ts).
if (process.argv[2] === 'nfe') {
  await executarNfe();
  process.exit(0);
}

// `npm run bench -- conciliacao [--vezes 5]`: only the bank reconciliation bench (bench/conciliacao.ts).
if (process.argv[2] === 'conciliacao') {
  await executarConciliacao(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- previsao [--pagamentos 1000000] [--vezes 7]`: only the card receivables forecast (bench/previsao.ts).
if (process.argv[2] === 'previsao') {
  await executarPrevisao(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- dre [--lojas 10] [--linhas 12]`: only the income statement bench (bench/dre.ts).
if (process.argv[2] === 'dre') {
  await executarDre(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- custo [--vezes 200]`: where a report request's fixed cost goes (bench/custoFixo.ts; the kept 10-store year).
if (process.argv[2] === 'custo') {
  await executarCustoFixo(process.argv.slice(3));
  process.exit(0);
}

// `npm run bench -- lighthouse [/caminho …]`: only Lighthouse on /login and two signed-in screens (bench/lighthouse.ts).
if (process.argv[2] === 'lighthouse') {
  await executarLighthouse(process.argv.length > 3 ? process.argv.slice(3) : undefined);
  process.exit(0);
}

const port = await new Promise<number>((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
  });
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

console.log('# GET /api/sessao contra uma rota Fastify vazia (mesma máquina, mesma execução)');
const mostrarSessao = (banco: string, r: Awaited<ReturnType<typeof benchSessao>>) => {
  console.log(`${banco}: GET /api/sessao: ${r.sessao.toFixed(0)} req/s; rota vazia: ${r.bare.toFixed(0)} req/s`);
  console.log(`${banco}: razão sessao/vazia: ${(r.sessao / r.bare).toFixed(3)} (meta: ≥ 0,5; erros: ${r.errors})`);
};
mostrarSessao('banco embutido', await benchSessao(port));
if (process.env.DATABASE_URL) mostrarSessao('PostgreSQL', await benchSessao(port, await bancoNovo(process.env.DATABASE_URL, 'bench_sessao')));
console.log('forma: a sessão (usuário, grupo, empresa, direitos e a resposta de /api/sessao) fica na memória do processo até 30 s; saída, senha, perfil, usuário, empresa ou grupo alterados a descartam no COMMIT, nos outros processos por NOTIFY');

console.log('\n# POST /api/recuperarSenha: e-mail cadastrado contra e-mail desconhecido (mesma execução)');
const recuperacao = await benchRecuperacao();
console.log(`mediana com cadastro: ${recuperacao.conhecido.toFixed(1)} ms; sem cadastro: ${recuperacao.desconhecido.toFixed(1)} ms (${recuperacao.pedidos} pedidos de cada)`);
console.log(`razão com/sem cadastro: ${(recuperacao.conhecido / recuperacao.desconhecido).toFixed(2)} (meta: perto de 1; a busca e o link são feitos depois da resposta)`);

console.log('\n# JavaScript carregado por /login');
const scripts = await benchLoginBundle();
for (const script of scripts) console.log(`${script.url}: ${kb(script.raw)} (gzip ${kb(script.gzip)})`);
const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
console.log(`total gzip: ${kb(total)} em ${scripts.length} arquivos`);

console.log('\n# Importação da tabela do IBPT (amostra real, 11.390 linhas) pela API, no banco embutido');
const ibpt = await benchIbpt();
console.log(`importação: ${ibpt.importacao.toFixed(0)} ms (meta: 2000 ms; razão ${(ibpt.importacao / 2000).toFixed(2)} da meta)`);
console.log(`só a leitura do CSV: ${ibpt.parse.toFixed(0)} ms (razão importação/leitura: ${(ibpt.importacao / ibpt.parse).toFixed(1)})`);
console.log('forma: uma transação; linhas gravadas com um INSERT … SELECT FROM unnest(arrays) de 13 parâmetros de array');

// On a shared machine the rate depends on who else is running; the CPU each order costs does not
// (much), and says what rate two free cores would reach.
const mostrarVendas = (banco: string, r: Awaited<ReturnType<typeof benchVendas>>) => {
  const capacidade = (x: typeof r.novos) => 2000 / (x.cpuServidor + x.cpuPostgres);
  console.log(`${banco}: pedidos novos: ${r.novos.porSegundo.toFixed(0)} por segundo medidos (meta: 300; razão ${(r.novos.porSegundo / 300).toFixed(2)} da meta; erros: ${r.novos.erros})`);
  console.log(
    `${banco}: CPU por pedido: servidor ${r.novos.cpuServidor.toFixed(2)} ms, banco ${r.novos.cpuPostgres.toFixed(2)} ms, terminais simulados ${r.novos.cpuRemetente.toFixed(2)} ms; ` +
      `com 2 núcleos livres ≈ ${capacidade(r.novos).toFixed(0)} pedidos por segundo (razão ${(capacidade(r.novos) / 300).toFixed(2)} da meta)`,
  );
  console.log(`${banco}: mesmos pedidos de novo: ${r.repetidos.porSegundo.toFixed(0)} por segundo, ${r.repetidos.duplicados} de ${r.pedidos} respondidos como já recebidos (razão repetidos/novos: ${(r.repetidos.porSegundo / r.novos.porSegundo).toFixed(2)})`);
};
console.log('\n# Recebimento de vendas dos terminais (POST /api/vendas)');
mostrarVendas('banco embutido', await benchVendas());
if (process.env.DATABASE_URL) mostrarVendas('PostgreSQL', await benchVendas(await bancoNovo(process.env.DATABASE_URL, 'bench_vendas')));
console.log(
  `forma: ${CONCORRENCIA_VENDAS} terminais enviando ao mesmo tempo, cada um um pedido após o outro; os pedidos de uma empresa são gravados juntos em uma transação ` +
    '(group commit): um pedido que não encontra nada rodando abre a transação na hora, e ela toma o lote só depois do BEGIN, com os que chegaram enquanto abria; ' +
    'BEGIN e a troca de papel e de inquilino em uma só ida ao banco; credencial do terminal lembrada por 30 s, ' +
    'cinco idas ao banco por lote: BEGIN; referências, códigos fiscais e o que o estoque precisa dos produtos em uma consulta preparada; venda, itens, pagamentos, ' +
    'transferências, resumo por hora, pendências, produtos do dia e a trava dos custos dos produtos em um só comando preparado (jsonb_to_recordset); os movimentos de estoque ' +
    '(saldos, custos médios, totais da posição) em outro; COMMIT; idempotência pelo índice único (grupo, terminal, pedidoId) com ON CONFLICT DO NOTHING; sem uma linha de log por pedido; ' +
    'no banco embutido, as mensagens do protocolo que chegam juntas vão ao PGlite de uma vez',
);

await parteProdutos({ pglite: true, postgres: process.env.DATABASE_URL });
if (!process.env.DATABASE_URL) console.log('PostgreSQL: defina DATABASE_URL (um usuário que pode criar bancos) ou rode `npm run bench -- produtos`, que inicia o seu');
await parteRelatorios(process.env.DATABASE_URL ? { pglite: false, postgres: process.env.DATABASE_URL } : { pglite: true });
await parteLeve({ pglite: true, postgres: process.env.DATABASE_URL && (await bancoNovo(process.env.DATABASE_URL, 'bench_leve')) });

await mostrarVendaInsumos();

await executarConciliacao();
