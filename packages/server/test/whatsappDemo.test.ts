import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chavePreguicosa } from '../src/security/cifra.ts';
import { gerarVendasDemo } from '../src/seed/vendasDemo.ts';
import { esperarAte } from './espera.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { apiClient } from './resourceApi.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('WhatsApp demonstration', () => {
  it('shows a connected robot whose new sends fail visibly, conversations in every state, the automatic messages and a campaign with two customers back; a rerun adds nothing', async () => {
    const s = { id: 'gerador', usuario: ctx.seed.demo.admin, grupoEmpresarial: ctx.seed.demo.grupoEmpresarial, empresa: '', permissoes: { administrador: true, telas: {}, pdv: [] } };
    const agora = new Date('2026-11-27T21:30:00-03:00');
    const opcoes = { lojas: 1, dias: 1, ateAgora: true, agora, chaveSegredos: chavePreguicosa(ctx.config) };
    await gerarVendasDemo(ctx.db, s, opcoes);
    const api = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
    expect((await api('GET', '/whatsApp/conexao')).body.data).toMatchObject({ configurada: true, ativo: true, numeroExibicao: '(11) 4002-8922', apiUrlEfetiva: 'http://127.0.0.1:65535/v21.0' });
    const { conversas } = (await api('GET', '/whatsApp/conversas')).body.data;
    const por = (nome: string) => conversas.find((c: any) => c.nome === nome);
    expect(por('Mariana Souza')).toMatchObject({ situacao: 'aberta', naoLidas: 3, ultimaMensagem: 'Perfeito! Tem a pizza de calabresa média hoje?' });
    expect(por('Juliana Castro')).toMatchObject({ situacao: 'encerrada', naoLidas: 0 });
    expect(por('Rafael Lima').situacao).toBe('aguardando');
    // Rafael's reply goes to an address where nothing listens: it stays queued with the reason, not faked as sent.
    await esperarAte(async () => ((await api('GET', `/whatsApp/conversas/${por('Rafael Lima')._id}`)).body.data.mensagens as any[]).at(-1).erro !== null, 30_000, 'a primeira tentativa da resposta ao Rafael');
    const ultima = ((await api('GET', `/whatsApp/conversas/${por('Rafael Lima')._id}`)).body.data.mensagens as any[]).at(-1);
    expect(ultima).toMatchObject({ situacao: 'pendente', tentativas: 1 });
    expect(ultima.erro).toBe('Sem resposta da API do WhatsApp (ECONNREFUSED).');
    // And the connection says so: connected, but the last sends failed, with that reason.
    expect((await api('GET', '/whatsApp/conexao')).body.data.envios).toMatchObject({ estado: 'falhando', ultimoErro: 'Sem resposta da API do WhatsApp (ECONNREFUSED).' });
    // The templates of the last reading; Roberto, who wrote yesterday, is outside the 24 hours; Mariana's picture says why it is not there.
    expect(((await api('GET', '/whatsApp/modelos')).body.data.modelos as any[]).map((m) => [m.nome, m.aprovado])).toEqual([
      ['pedido_recebido', true],
      ['pedido_saiu', true],
      ['retomar_atendimento', true],
      ['cupom_fim_de_semana', false],
    ]);
    expect((await api('GET', `/whatsApp/conversas/${por('Roberto Alves')._id}`)).body.data.janela.aberta).toBe(false);
    const foto = ((await api('GET', `/whatsApp/conversas/${por('Mariana Souza')._id}`)).body.data.mensagens as any[]).find((m) => m.midia);
    expect(foto).toMatchObject({ texto: 'É essa aqui do cardápio?', midia: { tipo: 'imagem', disponivel: false, erro: 'Sem resposta da API do WhatsApp (ECONNREFUSED).' } });
    const eventos = ((await api('POST', '/mensagemAutomatica/getPopulate', { filtro: {}, limit: 10, skip: 0 })).body.data as any[]).map((m) => m.evento).sort();
    expect(eventos).toEqual(['Aceito', 'Cancelado', 'Entregue', 'Recebido', 'Saiu para entrega']);
    const campanhas = (await api('GET', '/recuperadorDeVenda/campanhas')).body.data;
    expect(campanhas).toHaveLength(1);
    // Ana came back with the coupon (61,20 − 10%), Bruno without it (45,80).
    expect(campanhas[0].resultado).toEqual({ alcancados: 4, voltaram: 2, pedidos: 2, pedidosComCupom: 1, receita: 5508 + 4580, entregues: 4, falhas: 0 });
    const parados = (await api('POST', '/recuperadorDeVenda/clientes', { diasSemPedido: 7, minimoPedidos: 2 })).body.data.clientes.map((c: any) => c.nome).sort();
    expect(parados).toEqual(['Cláudia Menezes', 'Diego Fonseca', 'Elaine Tavares', 'Fábio Nogueira']);

    await gerarVendasDemo(ctx.db, s, opcoes);
    expect((await api('GET', '/whatsApp/conversas')).body.data.conversas).toHaveLength(conversas.length);
    expect((await api('GET', '/recuperadorDeVenda/campanhas')).body.data).toHaveLength(1);
  });
});
