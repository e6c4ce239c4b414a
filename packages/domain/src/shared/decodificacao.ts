/**
 * Bytes of a text file whose encoding is not trusted (IBPT table, OFX statements): valid UTF-8 (with or
 * without BOM) is read as UTF-8, anything else as Windows-1252, whatever the file's header claims.
 */
export function decodificarTexto(bytes: Uint8Array): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bom) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return windows1252(bytes);
  }
}

// 0x80–0x9F of Windows-1252 (undefined bytes kept as their C1 code). Written out because Node's
// TextDecoder('windows-1252') decodes them as ISO-8859-1 (0x85 would become NEL, not "…").
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Windows-1252 bytes as text: the native ISO-8859-1 decoder, then the 0x80–0x9F bytes mapped right. */
export function windows1252(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]!);
}
