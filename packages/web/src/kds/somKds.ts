/**
 * The station's sound when an order arrives (kdsEstacao.som), made with the Web Audio API: no audio file
 * to ship or fetch. Each sound is a few notes: [frequency Hz, start s, length s].
 */
export const notasDoSom: Record<string, readonly [number, number, number][]> = {
  Nenhum: [],
  Campainha: [
    [1318.5, 0, 0.35],
    [1046.5, 0.3, 0.5],
  ],
  Bipe: [
    [1760, 0, 0.12],
    [1760, 0.2, 0.12],
    [1760, 0.4, 0.12],
  ],
  Sino: [[880, 0, 1.4]],
};

let contexto: AudioContext | null = null;

/** Whether the browser lets the page play now (it may wait for a touch or a key first). */
export function somLiberado(): boolean {
  return contexto?.state === 'running';
}

/** Unlocks sound on a user's gesture (the first touch on the board). */
export async function liberarSom(): Promise<boolean> {
  if (typeof AudioContext === 'undefined') return false;
  contexto ??= new AudioContext();
  if (contexto.state === 'suspended') await contexto.resume().catch(() => undefined);
  return contexto.state === 'running';
}

/** Plays the sound by its name; nothing when sound is off, unknown, or not allowed yet. */
export function tocarSom(nome: string): boolean {
  const notas = notasDoSom[nome] ?? [];
  if (!notas.length || !contexto || contexto.state !== 'running') return false;
  const agora = contexto.currentTime;
  for (const [frequencia, inicio, duracao] of notas) {
    const osc = contexto.createOscillator();
    const volume = contexto.createGain();
    osc.type = nome === 'Bipe' ? 'square' : 'sine';
    osc.frequency.value = frequencia;
    // A quick attack and a decay, as a bell does, so no click at the ends.
    volume.gain.setValueAtTime(0.0001, agora + inicio);
    volume.gain.exponentialRampToValueAtTime(0.3, agora + inicio + 0.01);
    volume.gain.exponentialRampToValueAtTime(0.0001, agora + inicio + duracao);
    osc.connect(volume).connect(contexto.destination);
    osc.start(agora + inicio);
    osc.stop(agora + inicio + duracao + 0.05);
  }
  return true;
}

/** The orders that came in since the last look (ids not seen before): the board rings once for them. */
export function chegaramNovos(antes: ReadonlySet<string>, agora: readonly string[]): boolean {
  return agora.some((id) => !antes.has(id));
}
