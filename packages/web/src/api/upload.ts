import { mensagens } from '@retaguarda/domain';
import { getConfig } from '../app/config.ts';
import { ApiError } from './ApiError.ts';

/** 0–1 of the bytes sent; `null` once they are all sent and the server is working on them. */
export type UploadProgresso = (fracao: number | null) => void;

/**
 * Sends a file as the raw request body and reads the {valido, data} envelope. XMLHttpRequest rather
 * than fetch: only it reports upload progress, which a large import needs to show.
 */
export function uploadArquivo<T>(path: string, arquivo: Blob, onProgresso: UploadProgresso = () => {}, tipo = 'application/octet-stream'): Promise<T> {
  const base = getConfig().baseRest.replace(/\/+$/, '');
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${base}/${path.replace(/^\/+/, '')}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', tipo);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgresso(e.loaded / e.total);
    xhr.upload.onload = () => onProgresso(null);
    xhr.onerror = () => reject(new ApiError(mensagens.falhaComunicacao, 0));
    xhr.onload = () => {
      let payload: { valido?: boolean; data?: { message?: string; campos?: Record<string, string> } } | undefined;
      try {
        payload = JSON.parse(xhr.responseText) as typeof payload;
      } catch {
        reject(new ApiError(mensagens.falhaComunicacao, xhr.status));
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300 && payload?.valido) resolve(payload.data as T);
      else reject(new ApiError(payload?.data?.message || mensagens.falhaComunicacao, xhr.status || 400, payload?.data?.campos));
    };
    xhr.send(arquivo);
  });
}
