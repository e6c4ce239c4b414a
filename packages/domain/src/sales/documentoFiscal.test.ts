import { describe, expect, it } from 'vitest';
import { conferirTransicaoDocumento, protocoloCancelamentoSchema, situacaoDocumentoFiscalSchema } from './documentoFiscal.ts';

const em = '2026-11-20T12:45:10-03:00';
const erros = (body: unknown) => {
  const r = situacaoDocumentoFiscalSchema.safeParse(body);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const situacao = (body: Record<string, unknown>) => situacaoDocumentoFiscalSchema.parse({ em, ...body });

describe('what the terminal reports about a sale\'s fiscal document', () => {
  it('an authorization needs the 15-digit protocol; its cStat, when given, is 100 or 150', () => {
    expect(situacao({ status: 'autorizada', protocolo: ' 135260000012345 ' })).toEqual({ status: 'autorizada', em, protocolo: '135260000012345', codigo: null, motivo: null });
    expect(erros({ status: 'autorizada', em })).toEqual({ protocolo: 'Informe o protocolo de autorização (nProt, 15 dígitos).' });
    expect(erros({ status: 'autorizada', em, protocolo: '13526000001234' })).toEqual({ protocolo: 'O protocolo (nProt) tem 15 dígitos.' });
    expect(erros({ status: 'autorizada', em, protocolo: '135260000012345', codigo: '150' })).toEqual({});
    expect(erros({ status: 'autorizada', em, protocolo: '135260000012345', codigo: '204' })).toEqual({ codigo: 'Autorizada é cStat 100 ou 150 (fora do prazo).' });
  });

  it('a rejection needs the cStat and the reason; a cancellation the event protocol; every report says when, with the offset', () => {
    expect(erros({ status: 'rejeitada', em })).toEqual({ codigo: 'Informe o código da rejeição (cStat).', motivo: 'Informe o motivo da rejeição (xMotivo).' });
    expect(erros({ status: 'rejeitada', em, codigo: '53', motivo: 'x' })).toEqual({ codigo: 'O código da SEFAZ (cStat) tem 3 dígitos.' });
    expect(erros({ status: 'cancelada', em })).toEqual({ protocolo: 'Informe o protocolo do evento de cancelamento (nProt, 15 dígitos).' });
    expect(erros({ status: 'contingencia', em: '2026-11-20T12:45:10' })).toEqual({ em: 'Informe quando a SEFAZ respondeu em ISO 8601 com fuso (2026-11-23T12:30:00-03:00).' });
    expect(erros({ status: 'transmitida', em })).toEqual({ status: 'Informe o status: autorizada, contingencia, cancelada, rejeitada, pendente.' });
    expect(protocoloCancelamentoSchema.safeParse('999').error?.issues[0]?.message).toBe('O protocolo do evento de cancelamento (nProt) tem 15 dígitos.');
  });
});

describe('the changes SEFAZ makes to a document', () => {
  const autorizada = situacao({ status: 'autorizada', protocolo: '135260000012345' });
  const cancelada = situacao({ status: 'cancelada', protocolo: '135260000098765' });
  const rejeitada = situacao({ status: 'rejeitada', codigo: '539', motivo: 'Duplicidade' });

  it('contingency, pending or rejected documents get authorized or rejected; only an authorized one is cancelled', () => {
    for (const status of ['contingencia', 'pendente', 'rejeitada'] as const) {
      expect(conferirTransicaoDocumento({ status, protocolo: null }, autorizada)).toBeNull();
      expect(conferirTransicaoDocumento({ status, protocolo: null }, rejeitada)).toBeNull();
      expect(conferirTransicaoDocumento({ status, protocolo: null }, cancelada)).toBe('Só um documento autorizado pode ser cancelado.');
    }
    expect(conferirTransicaoDocumento({ status: 'autorizada', protocolo: null }, cancelada)).toBeNull();
    expect(conferirTransicaoDocumento(null, autorizada)).toBe('Esta venda não tem documento fiscal.');
  });

  it('an authorization is never taken back nor replaced; a cancellation is final; the same report again is no change', () => {
    expect(conferirTransicaoDocumento({ status: 'autorizada', protocolo: '135260000012345' }, autorizada)).toBeNull();
    expect(conferirTransicaoDocumento({ status: 'autorizada', protocolo: '135260000000001' }, autorizada)).toBe('O documento fiscal já foi autorizado com o protocolo 135260000000001.');
    expect(conferirTransicaoDocumento({ status: 'autorizada', protocolo: null }, rejeitada)).toBe('O documento fiscal já foi autorizado: só pode ser cancelado.');
    expect(conferirTransicaoDocumento({ status: 'cancelada', protocolo: '135260000098765' }, cancelada)).toBeNull();
    expect(conferirTransicaoDocumento({ status: 'cancelada', protocolo: null }, cancelada)).toBeNull();
    expect(conferirTransicaoDocumento({ status: 'cancelada', protocolo: '135260000098765' }, autorizada)).toBe('O documento fiscal já foi cancelado.');
  });
});
