import { empresaSessao, grupoSessao, usuarioSessao } from '@retaguarda/domain';
import type { EmpresaSessao, GrupoSessao, UsuarioSessao } from '@retaguarda/domain';
import type { Esquema } from '../api/client.ts';
import { storageKeys, type KeyValueStorage, type TemaPreferido } from './armazenamento.ts';

export * from './armazenamento.ts';

/** Reads and validates a saved value; throws when it is present but unreadable. */
function read<T>(storage: KeyValueStorage, key: string, schema: Esquema<T>): T | null {
  const raw = storage.getItem(key);
  if (raw === null || raw === '') return null;
  const lido = schema.safeParse(JSON.parse(raw));
  if (!lido.success) throw new Error(`${key} salvo fora do formato`);
  return lido.data;
}

export const persistence = {
  readUsuario: (s: KeyValueStorage): UsuarioSessao | null => read(s, storageKeys.usuario, usuarioSessao),
  readGrupo: (s: KeyValueStorage): GrupoSessao | null => read(s, storageKeys.grupoEmpresarial, grupoSessao),
  readEmpresa: (s: KeyValueStorage): EmpresaSessao | null => read(s, storageKeys.empresa, empresaSessao),
  /** Theme is stored as Mantine's plain color-scheme string; default light (SPEC.md §2). */
  readTema(s: KeyValueStorage): TemaPreferido {
    const raw = s.getItem(storageKeys.tema);
    return raw === 'dark' || raw === 'auto' || raw === 'light' ? raw : 'light';
  },
};
