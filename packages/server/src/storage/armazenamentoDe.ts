import type { Config } from '../config.ts';
import { armazenamentoEmPasta, type Armazenamento } from './armazenamento.ts';
import { armazenamentoS3, lerS3Url } from './armazenamentoS3.ts';

/** The storage the configuration names: the S3_URL bucket, else the STORAGE_DIR folder. */
export function armazenamentoDe(config: Pick<Config, 's3Url' | 'storageDir'>): Armazenamento {
  return config.s3Url ? armazenamentoS3(lerS3Url(config.s3Url)) : armazenamentoEmPasta(config.storageDir);
}
