import { connect } from 'node:net';
import { HttpError } from '../plugins/envelope.ts';

/**
 * Raw printing over the network (the "port 9100" protocol of Zebra, Elgin, Argox and most label and
 * receipt printers): open a TCP connection, write the bytes, close. Only the raw-printing ports are
 * reachable, so a printer's address cannot be used to make the server talk to other services.
 */
export const PORTA_PADRAO = 9100;
const PORTAS_PERMITIDAS = { de: 9100, ate: 9109 };
const ESPERA_MS = 5000;

export interface EnderecoRede {
  host: string;
  porta: number;
}

/** 'host', 'host:porta' or '[ipv6]:porta' → the address, or a Portuguese reason. */
export function lerEndereco(endereco: string): EnderecoRede | { erro: string } {
  const texto = endereco.trim();
  const m = /^\[([0-9a-f:.]+)\](?::(\d+))?$/i.exec(texto) ?? /^([A-Za-z0-9.-]+)(?::(\d+))?$/.exec(texto);
  if (!m) return { erro: `Endereço "${endereco}" inválido: use IP:porta (192.168.0.50:9100).` };
  const porta = m[2] ? Number(m[2]) : PORTA_PADRAO;
  if (porta < PORTAS_PERMITIDAS.de || porta > PORTAS_PERMITIDAS.ate) {
    return { erro: `Porta ${porta} não é de impressão direta: use de ${PORTAS_PERMITIDAS.de} a ${PORTAS_PERMITIDAS.ate} (a padrão é ${PORTA_PADRAO}).` };
  }
  return { host: m[1]!, porta };
}

const motivos: Record<string, string> = {
  ECONNREFUSED: 'a conexão foi recusada (a impressora está ligada? a porta está certa?)',
  EHOSTUNREACH: 'o endereço não é alcançável desta rede',
  ENETUNREACH: 'a rede não é alcançável',
  ENOTFOUND: 'o nome não foi encontrado',
  ETIMEDOUT: 'a impressora não respondeu a tempo',
};

/** Sends the bytes and resolves once the printer has taken them all; 502 with the reason otherwise. */
export function enviarParaImpressora(nome: string, endereco: EnderecoRede, conteudo: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: endereco.host, port: endereco.porta });
    const falhar = (codigo: string) => {
      socket.destroy();
      const alvo = `${endereco.host}:${endereco.porta}`;
      reject(new HttpError(502, `Não foi possível imprimir em ${nome} (${alvo}): ${motivos[codigo] ?? `erro ${codigo}`}.`));
    };
    socket.setTimeout(ESPERA_MS, () => falhar('ETIMEDOUT'));
    socket.once('error', (e: NodeJS.ErrnoException) => falhar(e.code ?? 'desconhecido'));
    socket.once('connect', () => {
      socket.end(conteudo, () => {
        socket.destroy();
        resolve(conteudo.length);
      });
    });
  });
}
