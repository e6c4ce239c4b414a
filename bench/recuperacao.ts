// POST /api/recuperarSenha for e-mails that have an account against e-mails that do not, in one run:
// the answer must not tell them apart by its time (the lookup and the link are made after it).
import { startServer } from '../e2e/support/server.ts';
import { entrarComoAdmin } from './entrar.ts';

/** Requests per e-mail before its limit (5 in 15 minutes): known e-mails are spread over several users. */
const POR_EMAIL = 5;
const USUARIOS = 24;

const mediana = (valores: number[]) => {
  const ordenados = [...valores].sort((a, b) => a - b);
  const meio = Math.floor(ordenados.length / 2);
  return ordenados.length % 2 ? ordenados[meio]! : (ordenados[meio - 1]! + ordenados[meio]!) / 2;
};

export async function benchRecuperacao() {
  // Each request from its own address (X-Forwarded-For, trusted here), so the per-address limit never answers.
  const server = await startServer({ TRUST_PROXY: 'true' });
  try {
    const cookie = await entrarComoAdmin(server.url);
    const conhecidos: string[] = [];
    for (let i = 0; i < USUARIOS; i++) {
      const email = `bench.recuperacao${i}@demo.com.br`;
      const res = await fetch(`${server.url}/api/usuario`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ nome: `Usuário ${i}`, login: email, email, atribuicaoSistema: 'Gerente', administrador: true, senha: 'senha1234' }),
      });
      if (res.status !== 201) throw new Error(`usuário não criado: ${res.status} ${await res.text()}`);
      conhecidos.push(email);
    }
    let endereco = 0;
    const pedir = async (email: string) => {
      endereco += 1;
      const inicio = performance.now();
      const res = await fetch(`${server.url}/api/recuperarSenha`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(endereco >> 16) & 255}.${(endereco >> 8) & 255}.${endereco & 255}` },
        body: JSON.stringify({ email }),
      });
      await res.text();
      if (res.status !== 200) throw new Error(`recuperarSenha: ${res.status}`);
      return performance.now() - inicio;
    };
    await pedir('aquecimento@exemplo.com.br');
    const tempos = { conhecido: [] as number[], desconhecido: [] as number[] };
    let n = 0;
    for (let rodada = 0; rodada < POR_EMAIL; rodada++) {
      for (const email of conhecidos) {
        // Alternating which goes first, so each side follows the other's queued work as often.
        const par = [
          async () => tempos.conhecido.push(await pedir(email)),
          async () => tempos.desconhecido.push(await pedir(`ninguem${n}@exemplo.com.br`)),
        ];
        if (n++ % 2) par.reverse();
        for (const passo of par) await passo();
      }
    }
    return { conhecido: mediana(tempos.conhecido), desconhecido: mediana(tempos.desconhecido), pedidos: tempos.conhecido.length };
  } finally {
    await server.stop();
  }
}
