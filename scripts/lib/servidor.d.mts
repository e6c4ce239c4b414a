export declare const SERVER_DIST: string;
export declare const SERVER_MAIN: string;
export declare const SERVER_CLI: string;
export declare function ensureServerBuild(options?: { force?: boolean }): Promise<string>;
export declare function runServerCli(args: string[], env?: Record<string, string>): Promise<{ code: number | null; output: string }>;
