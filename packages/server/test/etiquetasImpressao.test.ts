import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { signIn } from './http.ts';
import { impressoraDeRede } from './impressoraDeRede.ts';
import { apiClient, criar, type Api } from './resourceApi.ts';

let ctx: TestContext;
let admin: Api;
let vizinho: Api;
let caixa: Api;
let impressora: Awaited<ReturnType<typeof impressoraDeRede>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = apiClient(ctx.app, await signIn(ctx.app, 'admin@demo.com.br'));
  vizinho = apiClient(ctx.app, await signIn(ctx.app, 'admin@vizinho.com.br'));
  caixa = apiClient(ctx.app, await signIn(ctx.app, 'caixa@demo.com.br'));
  impressora = await impressoraDeRede();
});
afterAll(async () => {
  impressora?.fechar();
  await ctx?.close();
});

const zpl = '^XA^CI28^FO20,20^A0N,30,30^FDPão de queijo R$ 4,50^FS^XZ';

describe('printing labels on a network printer (POST /api/gerenciarEtiquetas/imprimir)', () => {
  it('sends the label file, accents and all, to the printer at its address', async () => {
    const zebra = await criar(admin, 'impressora', { descricao: 'Zebra balcão', conexao: 'Rede', endereco: `127.0.0.1:${impressora.porta}` });
    const recebido = impressora.proxima();
    const res = await admin('POST', '/gerenciarEtiquetas/imprimir', { impressora: zebra._id, conteudo: zpl });
    expect(res.status).toBe(200);
    expect(res.body.data.bytes).toBe(Buffer.byteLength(zpl));
    expect(await recebido).toBe(zpl);
  });

  it('says plainly why it could not print', async () => {
    const desligada = await criar(admin, 'impressora', { descricao: 'Argox depósito', conexao: 'Rede', endereco: `127.0.0.1:${impressora.porta === 9109 ? 9108 : impressora.porta + 1}` });
    const off = await admin('POST', '/gerenciarEtiquetas/imprimir', { impressora: desligada._id, conteudo: zpl });
    expect(off.status).toBe(502);
    expect(off.body.data.message).toMatch(/^Não foi possível imprimir em Argox depósito \(127\.0\.0\.1:\d+\): a conexão foi recusada/);

    const usb = await criar(admin, 'impressora', { descricao: 'Elgin USB', conexao: 'USB', endereco: 'USB001' });
    const viaUsb = await admin('POST', '/gerenciarEtiquetas/imprimir', { impressora: usb._id, conteudo: zpl });
    expect(viaUsb.status).toBe(422);
    expect(viaUsb.body.data.message).toBe('Elgin USB está ligada por USB: o servidor não a alcança. Baixe o arquivo e envie-o pelo utilitário do fabricante.');

    // Only the raw-printing ports: a printer's address cannot point the server at another service.
    const outra = await criar(admin, 'impressora', { descricao: 'Porta errada', conexao: 'Rede', endereco: '127.0.0.1:5432' });
    const porta5432 = await admin('POST', '/gerenciarEtiquetas/imprimir', { impressora: outra._id, conteudo: zpl });
    expect(porta5432.status).toBe(422);
    expect(porta5432.body.data.campos.impressora).toBe('Porta 5432 não é de impressão direta: use de 9100 a 9109 (a padrão é 9100).');

    const vazio = await admin('POST', '/gerenciarEtiquetas/imprimir', { impressora: usb._id, conteudo: '' });
    expect(vazio.status).toBe(400);
    expect(vazio.body.data.campos).toEqual({ conteudo: 'Nada para imprimir.' });
  });

  it("never prints on another group's printer, and needs the labels screen", async () => {
    const zebra = await criar(admin, 'impressora', { descricao: 'Zebra cozinha', conexao: 'Rede', endereco: `127.0.0.1:${impressora.porta}` });
    const deOutro = await vizinho('POST', '/gerenciarEtiquetas/imprimir', { impressora: zebra._id, conteudo: zpl });
    expect(deOutro.status).toBe(404);
    expect((await caixa('POST', '/gerenciarEtiquetas/imprimir', { impressora: zebra._id, conteudo: zpl })).status).toBe(403);
  });
});
