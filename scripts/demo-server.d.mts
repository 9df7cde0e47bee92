export declare const DEMO_DIR: string;
export declare const DEFAULT_DEMO_PORT: number;
export declare function serveDemo(options?: { port?: number; host?: string }): Promise<{ url: string; close: () => Promise<void> }>;
