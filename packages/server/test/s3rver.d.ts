// s3rver ships no types: what the tests use of it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface Opcoes {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(opcoes: Opcoes);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
