import { CHAVES_MAXIMAS, RateLimiter } from './rateLimit.ts';

/** The sign-in limits (docs/decisions/0012). */
export interface LimitesEntrada {
  janelaMs: number;
  /** Wrong passwords for one login from one address before that pair waits for the window. */
  porEnderecoELogin: number;
  /** Wrong passwords from one address, whatever the login (password spraying), before the address waits. */
  porEndereco: number;
  /** Wrong passwords for one login from every address before each new try of it must wait a growing delay. */
  livresPorLogin: number;
  /** The delay doubles with every further failure up to this. */
  atrasoMaximoMs: number;
  /** An address the login signed in from recently is not slowed down by the other addresses' failures. */
  enderecoConhecidoMs: number;
}

export const LIMITES_ENTRADA: LimitesEntrada = {
  janelaMs: 15 * 60 * 1000,
  porEnderecoELogin: 5,
  porEndereco: 30,
  livresPorLogin: 10,
  atrasoMaximoMs: 60 * 1000,
  enderecoConhecidoMs: 30 * 24 * 60 * 60 * 1000,
};

/** 'Admin@Demo.com.br ' and 'admin@demo.com.br' are the same login. */
const normalizar = (login: string) => login.trim().toLowerCase();

/**
 * Who may try a password now. Nobody locks an account: a guesser at one address is stopped there
 * (429 for that address and login, then for the address), the real user at another address gets in,
 * and a guess spread over many addresses only makes each new try of that login wait a delay that
 * doubles up to a minute — except from an address the user signed in from before.
 */
export class TentativasEntrada {
  private readonly parLimite: RateLimiter;
  private readonly enderecoLimite: RateLimiter;
  private readonly loginFalhas: RateLimiter;
  /** `${login}\n${endereco}` → until when that address counts as the user's own. */
  private readonly conhecidos = new Map<string, number>();

  constructor(
    readonly limites: LimitesEntrada = LIMITES_ENTRADA,
    // Read on every call (not the function captured once), so a test may move the clock.
    private readonly agora: () => number = () => Date.now(),
  ) {
    this.parLimite = new RateLimiter(limites.porEnderecoELogin, limites.janelaMs, agora);
    this.enderecoLimite = new RateLimiter(limites.porEndereco, limites.janelaMs, agora);
    // Only counted (never a limit of its own): enough failures kept to reach the longest delay.
    this.loginFalhas = new RateLimiter(limites.livresPorLogin + 32, limites.janelaMs, agora);
  }

  /** Seconds this address must wait before trying this login (the Retry-After); 0 when it may try now. */
  espera(endereco: string, login: string): number {
    const chave = normalizar(login);
    const porPar = this.parLimite.retryAfter(`${endereco}\n${chave}`);
    const porEndereco = this.enderecoLimite.retryAfter(endereco);
    return Math.max(porPar, porEndereco, this.conhecido(endereco, chave) ? 0 : this.atraso(chave));
  }

  falhou(endereco: string, login: string): void {
    const chave = normalizar(login);
    this.parLimite.hit(`${endereco}\n${chave}`);
    this.enderecoLimite.hit(endereco);
    this.loginFalhas.hit(chave);
  }

  /**
   * The pair starts afresh and the address becomes the user's own. The address's count stays: a
   * sprayer who owns one account must not clear it by signing in to that account between guesses.
   */
  entrou(endereco: string, login: string): void {
    const chave = normalizar(login);
    this.parLimite.reset(`${endereco}\n${chave}`);
    this.conhecidos.delete(`${chave}\n${endereco}`);
    this.conhecidos.set(`${chave}\n${endereco}`, this.agora() + this.limites.enderecoConhecidoMs);
    if (this.conhecidos.size > CHAVES_MAXIMAS) {
      for (const [k, ate] of this.conhecidos) if (ate <= this.agora() || this.conhecidos.size > CHAVES_MAXIMAS) this.conhecidos.delete(k);
    }
  }

  private conhecido(endereco: string, chave: string): boolean {
    const ate = this.conhecidos.get(`${chave}\n${endereco}`);
    return ate !== undefined && ate > this.agora();
  }

  /** The login's progressive delay after its free failures, counted from its last failure, in seconds. */
  private atraso(chave: string): number {
    const alem = this.loginFalhas.count(chave) - this.limites.livresPorLogin;
    if (alem < 0) return 0;
    const atrasoMs = Math.min(this.limites.atrasoMaximoMs, 1000 * 2 ** alem);
    const restante = this.loginFalhas.last(chave)! + atrasoMs - this.agora();
    return restante > 0 ? Math.ceil(restante / 1000) : 0;
  }
}
