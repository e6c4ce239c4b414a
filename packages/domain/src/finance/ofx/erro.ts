/** Why a file was refused; the message is Portuguese, says what is wrong and where. */
export type MotivoErroOfx = 'vazio' | 'grande' | 'binario' | 'naoOfx' | 'danificado' | 'semExtrato' | 'valor' | 'data' | 'campo';

export class ErroOfx extends Error {
  constructor(
    readonly motivo: MotivoErroOfx,
    message: string,
    /** 1-based line of the file, when the problem has a place. */
    readonly linha?: number,
  ) {
    super(linha ? `${message} (linha ${linha} do arquivo)` : message);
    this.name = 'ErroOfx';
  }
}
