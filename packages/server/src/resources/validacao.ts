import { mensagens, type RecursoDef } from '@retaguarda/domain';
import { HttpError } from '../plugins/envelope.ts';
import { rotuloDoCampo } from './record.ts';

/** 400 {message, campos} where the message names the first field by its label. */
export class ValidacaoError extends HttpError {
  constructor(def: RecursoDef, campos: Record<string, string>) {
    const [campo, msg] = Object.entries(campos)[0] ?? ['_', mensagens.requisicaoInvalida];
    super(400, campo === '_' ? msg : `${rotuloDoCampo(def, campo)}: ${msg}`, {}, campos);
  }
}
